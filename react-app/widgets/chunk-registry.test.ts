import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { defaultRegistry } from '../../core/handlers/manifest';
import { HandlerRegistry, type HandlerEntry } from '../../core/handlers/registry';
import { widgets } from '.';
import { widgetHandlerLines } from './handler-lines';
import { widgetHandlerChunks } from '../../scripts/widget-build.mjs';
import pageChunks from '../../core/chunks/chunks.json';

// The chunks rollup builds (the page-level behaviours of chunks.json, and the handler files of the widget folders,
// scripts/widget-build.mjs) and the handler manifest (core/handlers/manifest.ts plus the widgets' lines made from
// their definitions: which element loads which chunk) name the same chunks: a chunk nobody loads, or a manifest
// line whose chunk is not built, is refused here rather than in a browser.

const ROOT = join(import.meta.dirname, '../..');

interface Chunk {
  handler: string;
  styles?: string[];
}

/** What is wrong between a chunk registry and the chunks a manifest names. */
function chunkProblems(registry: Record<string, Chunk>, named: string[], read: (path: string) => string | null): string[] {
  const problems: string[] = [];
  for (const name of new Set(named))
    if (!registry[name]) problems.push(`${name}: named by the manifest, built by no chunks.json record or widget folder`);
  for (const [name, chunk] of Object.entries(registry)) {
    if (!named.includes(name)) problems.push(`${name}: built, named by no manifest line`);
    const source = read(chunk.handler);
    if (source === null) problems.push(`${name}: no handler module ${chunk.handler}`);
    else if (!/export default|export \{[^}]*\bdefault\b/.test(source)) problems.push(`${name}: ${chunk.handler} has no default export`);
    for (const sheet of chunk.styles ?? []) if (read(sheet) === null) problems.push(`${name}: no stylesheet ${sheet}`);
  }
  return problems;
}

/** Every chunk the build makes, with the library stylesheets the widget definitions give theirs. */
function builtChunks(): Record<string, Chunk> {
  const styles = new Map(
    Object.values(widgets).flatMap((w) => (w.behaviour?.styles ? [[w.behaviour.chunk, w.behaviour.styles] as const] : [])),
  );
  const built: Record<string, Chunk> = { ...pageChunks };
  for (const [name, handler] of Object.entries(widgetHandlerChunks(ROOT))) built[name] = { handler, styles: styles.get(name) };
  return built;
}

const readFromTree = (path: string): string | null => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : null);

function manifestChunks(): string[] {
  const entries: HandlerEntry[] = [];
  const register = vi.spyOn(HandlerRegistry.prototype, 'register').mockImplementation(function (this: HandlerRegistry, entry) {
    entries.push(entry);
    return this;
  });
  vi.stubGlobal('location', { search: '' });
  try {
    defaultRegistry(widgetHandlerLines(widgets));
  } finally {
    register.mockRestore();
    vi.unstubAllGlobals();
  }
  return entries.map((e) => e.chunk);
}

describe('the chunk registry', () => {
  it('holds exactly the chunks the manifest names, each with its handler and stylesheets', () => {
    expect(chunkProblems(builtChunks(), manifestChunks(), readFromTree)).toEqual([]);
  });

  it('holds no widget chunk named like a page-level chunk (rollup refuses to build it)', () => {
    expect(Object.keys(widgetHandlerChunks(ROOT)).filter((name) => name in pageChunks)).toEqual([]);
  });

  const registry = { carousel: { handler: 'react-app/widgets/image-carousel/carousel.handler.ts' } };
  it('refuses a manifest line whose chunk is not registered', () => {
    expect(chunkProblems(registry, ['carousel', 'probe'], readFromTree)).toEqual([
      'probe: named by the manifest, built by no chunks.json record or widget folder',
    ]);
  });

  it('refuses a registered chunk that no manifest line loads', () => {
    const withProbe = { ...registry, probe: { handler: 'react-app/widgets/image-carousel/carousel.handler.ts' } };
    expect(chunkProblems(withProbe, ['carousel'], readFromTree)).toEqual(['probe: built, named by no manifest line']);
  });

  it('refuses a chunk whose handler module or stylesheet is missing', () => {
    const broken = { carousel: { handler: 'react-app/widgets/image-carousel/probe.ts', styles: ['node_modules/swiper/probe.css'] } };
    expect(chunkProblems(broken, ['carousel'], readFromTree)).toEqual([
      'carousel: no handler module react-app/widgets/image-carousel/probe.ts',
      'carousel: no stylesheet node_modules/swiper/probe.css',
    ]);
  });
});
