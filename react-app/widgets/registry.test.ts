import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetFolders, widgetHandlerChunks } from '../../scripts/widget-build.mjs';
import { widgets } from './index';
import type { WidgetDefinition } from './types';

// A widget is one folder, react-app/widgets/<folder>/ (widget.tsx: component, controls, defaults, behaviour;
// handler.ts or <chunk>.handler.ts: its behaviour; its styles), plus one line in registry.ts. The chunks and boot's
// lines are made from the folders at build time (scripts/widget-build.mjs). A folder and the registry that disagree
// are refused here: a widget defined but not registered, a registry line naming no folder's widget, a behaviour
// whose handler file is not in the widget's folder, or a handler file no widget uses.

const ROOT = join(import.meta.dirname, '../..');

const isWidget = (v: unknown): v is WidgetDefinition =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as WidgetDefinition).type === 'string' &&
  typeof (v as WidgetDefinition).render === 'function';

/** The widgets each folder's widget.tsx defines, by folder. */
async function definedWidgets(): Promise<Record<string, WidgetDefinition[]>> {
  const out: Record<string, WidgetDefinition[]> = {};
  for (const folder of widgetFolders(ROOT))
    out[folder] = Object.values(await import(/* @vite-ignore */ `./${folder}/widget.tsx`)).filter(isWidget);
  return out;
}

/** Folders of react-app/widgets/ (not the shared `controls` and `loop` modules) without a widget.tsx. */
const foldersWithoutDefinition = (): string[] =>
  readdirSync(import.meta.dirname, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !['controls', 'loop'].includes(d.name) && !widgetFolders(ROOT).includes(d.name))
    .map((d) => d.name);

/** Where the widget folders, their handler files and the registry disagree. */
function registryProblems(
  defined: Record<string, WidgetDefinition[]>,
  registered: Record<string, WidgetDefinition>,
  handlerChunks: Record<string, string>,
): string[] {
  const problems: string[] = [];
  const types = Object.values(defined).flatMap((defs) => defs.map((d) => d.type));
  const used = new Set<string>();
  for (const [folder, defs] of Object.entries(defined)) {
    if (!defs.length) problems.push(`${folder}: widget.tsx defines no widget`);
    for (const def of defs) {
      if (registered[def.type] !== def) problems.push(`${def.type}: defined in ${folder}/, not in registry.ts`);
      if (types.filter((t) => t === def.type).length > 1) problems.push(`${def.type}: defined twice`);
      const chunk = def.behaviour?.chunk;
      if (!chunk) continue;
      used.add(chunk);
      const file = handlerChunks[chunk];
      if (!file) problems.push(`${def.type}: its behaviour's chunk "${chunk}" has no handler file`);
      else if (!file.startsWith(`react-app/widgets/${folder}/`)) problems.push(`${def.type}: its handler ${file} is not in ${folder}/`);
    }
  }
  for (const type of Object.keys(registered))
    if (!types.includes(type)) problems.push(`${type}: in registry.ts, no widget folder defines it`);
  for (const [chunk, file] of Object.entries(handlerChunks))
    if (!used.has(chunk)) problems.push(`${chunk}: ${file} is the behaviour of no widget`);
  return problems;
}

describe('the widget registry', () => {
  it('registers every widget its folders define, each behaviour with its handler in its folder, and nothing else', async () => {
    expect(foldersWithoutDefinition()).toEqual([]);
    expect(registryProblems(await definedWidgets(), widgets, widgetHandlerChunks(ROOT))).toEqual([]);
  });

  it('refuses a widget folder without its registry line, a registry line without its widget, and stray handlers', async () => {
    const defined = await definedWidgets();
    const probe = { ...widgets.heading, type: 'probe-widget' };
    const withProbes = {
      ...defined,
      'probe-folder': [probe],
      'probe-behaviour': [{ ...widgets.heading, type: 'probe-behaviour', behaviour: { chunk: 'probe-chunk' } }],
      'probe-elsewhere': [{ ...widgets.heading, type: 'probe-elsewhere', behaviour: { chunk: 'alert' } }],
    };
    const registered: Record<string, WidgetDefinition> = {
      ...widgets,
      'probe-line': { ...widgets.heading, type: 'probe-line' },
      'probe-behaviour': withProbes['probe-behaviour'][0],
      'probe-elsewhere': withProbes['probe-elsewhere'][0],
    };
    const handlers = { ...widgetHandlerChunks(ROOT), stray: 'react-app/widgets/alert/stray.handler.ts' };
    expect(registryProblems(withProbes, registered, handlers)).toEqual([
      'probe-widget: defined in probe-folder/, not in registry.ts',
      'probe-behaviour: its behaviour\'s chunk "probe-chunk" has no handler file',
      'probe-elsewhere: its handler react-app/widgets/alert/handler.ts is not in probe-elsewhere/',
      'probe-line: in registry.ts, no widget folder defines it',
      'stray: react-app/widgets/alert/stray.handler.ts is the behaviour of no widget',
    ]);
  });

  it('gives boot a line for every widget with a behaviour', async () => {
    const { widgetHandlerLines } = await import('./handler-lines');
    const lines = widgetHandlerLines(widgets);
    expect(lines.find((l) => l.widget === 'image-carousel')).toEqual({ widget: 'image-carousel', chunk: 'carousel', nearViewport: true });
    expect(lines.find((l) => l.widget === 'alert')).toEqual({ widget: 'alert', chunk: 'alert' });
    expect(lines.find((l) => l.widget === 'heading')).toBeUndefined();
  });
});
