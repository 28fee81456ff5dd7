import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPublicAsset } from './app';
import { useTestServer } from './testing/harness';

// Production serves what browsers need and nothing about the build: no source maps, no build manifests, no
// package metadata of the self-hosted editor.

const server = useTestServer();

// The body is dropped unread: a large one left pending would hold its connection past the test.
const status = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  await res.body?.cancel();
  return res.status;
};

describe('public assets', () => {
  it('serves scripts but not source maps, build manifests or tinymce/package.json', async () => {
    const boot = readdirSync('dist/runtime').find((f) => f.startsWith('boot-') && f.endsWith('.js'))!;
    expect(await status(`/assets/runtime/${boot}`)).toBe(200);
    expect(await status(`/assets/runtime/${boot}.map`)).toBe(404);
    expect(await status('/assets/runtime/manifest.json')).toBe(404);
    expect(await status('/assets/app/.vite/manifest.json')).toBe(404);
    expect(await status('/assets/tinymce/tinymce.min.js')).toBe(200);
    expect(await status('/assets/tinymce/package.json')).toBe(404);
    expect(await status('/assets/tinymce/README.md')).toBe(404);
  });

  it('allows source maps in development only', () => {
    expect(isPublicAsset('/runtime/boot-x.js.map', true)).toBe(true);
    expect(isPublicAsset('/runtime/boot-x.js.map', false)).toBe(false);
    expect(isPublicAsset('/app/.vite/manifest.json', true)).toBe(false);
  });
});
