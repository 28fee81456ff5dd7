import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Probes for the project's own lint guards (eslint.config.js): each must be refused where it is forbidden and
// allowed where it belongs, or the guard proves nothing.

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the client address is read only through requestAddress()', () => {
  it('refuses request.ip / req.ips in any other server file', async () => {
    const probe = `export const key = (request: { ip: string }) => 'contact:' + request.ip;\nexport const all = (req: { ips: string[] }) => req.ips;\n`;
    const found = await restricted(probe, 'server/routes/probe.ts');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/requestAddress\(\)/);
  });

  it('allows it in the one key function', async () => {
    expect(await restricted(`export const a = (request: { ip: string }) => request.ip;\n`, 'server/auth/anonymous-write-limit.ts')).toEqual(
      [],
    );
  });
});

describe('no caller sets its own nonce', () => {
  it.each([
    ['an X-WP-Nonce header', `export const h = { 'X-WP-Nonce': 'stale' };\n`, 'core/store-layer/probe.ts'],
    ['a lower-case header set', `export function f(h: Headers) { h.set('x-wp-nonce', 'stale'); }\n`, 'react-app/islands/probe.ts'],
    ['a _wpnonce query parameter', `export function f(q: URLSearchParams) { q.set('_wpnonce', 'stale'); }\n`, 'core/vitals/probe.ts'],
    ['a _wpnonce property', `export const q = { _wpnonce: 'stale' };\n`, 'admin/probe.ts'],
  ])('refuses %s', async (_name, code, file) => {
    const found = await restricted(code, file);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/core\/http\.ts/);
  });

  it('allows it in core/http.ts, the one client that renews it', async () => {
    expect(await restricted(`export const h = { 'X-WP-Nonce': 'n' };\n`, 'core/http.ts')).toEqual([]);
  });
});
