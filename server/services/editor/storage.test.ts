import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultUploadsDir, LocalFolderStorage } from './storage';
import { checkUpload, UPLOAD_MAX_BYTES } from './upload-rules';

const dir = mkdtempSync(join(tmpdir(), 'hl-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('upload storage', () => {
  it('keeps files under safe keys only', async () => {
    const storage = new LocalFolderStorage(dir);
    await storage.put('abc-1.png', Buffer.from('x'));
    expect((await storage.get('abc-1.png'))!.toString()).toBe('x');
    await expect(storage.put('../evil.png', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    expect(await storage.get('../../etc/passwd')).toBeNull();
    expect(await storage.get('missing-1.png')).toBeNull();
  });

  it.each([
    [{ sqlitePath: 'data/site.db' }, {}, 'data/uploads'],
    [{ sqlitePath: '/tmp/x/site.db' }, {}, '/tmp/x/uploads'],
    [{ sqlitePath: '', databaseUrl: 'postgres://x' }, {}, 'data/uploads'],
    [{ sqlitePath: 'data/site.db' }, { UPLOADS_DIR: '/srv/uploads' }, '/srv/uploads'],
  ])('uploads folder for %j %j', (config, env, expected) => expect(defaultUploadsDir(config, env)).toBe(expected));
});

describe('upload rules', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const gif = new TextEncoder().encode('GIF89a....');
  const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
  it.each([
    ['a.png', 'image/png', 100, png, 'image/png'],
    ['a.jpg', 'image/jpeg', 100, jpeg, 'image/jpeg'],
    ['a.gif', 'image/gif', 100, gif, 'image/gif'],
    ['a.webp', 'image/webp', 100, webp, 'image/webp'],
    ['renamed.txt', 'text/plain', 100, png, 'image/png'],
  ])('accepts %s by its bytes', (name, declaredType, size, head, mime) => {
    expect(checkUpload({ name, declaredType, size, truncated: false, head })).toEqual({
      ok: true,
      kind: expect.objectContaining({ mime }),
    });
  });
  it.each([
    ['a.svg', 'image/svg+xml', 100, svg, /SVG/],
    ['a.png', 'image/png', 100, svg, /SVG/],
    ['a.png', 'image/svg+xml', 100, png, /SVG/],
    ['a.png', 'image/png', UPLOAD_MAX_BYTES + 1, png, /larger than 2 MB/],
    ['a.png', 'image/png', 0, new Uint8Array(), /empty/],
    ['a.exe', 'application/octet-stream', 100, new TextEncoder().encode('MZ'), /Only PNG/],
  ])('refuses %s (%s, %i bytes)', (name, declaredType, size, head, reason) => {
    const r = checkUpload({ name, declaredType, size, truncated: false, head });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});
