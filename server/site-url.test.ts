import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startTestServer, type TestServer } from './testing/harness';

// Absolute URLs come from SITE_URL, never from the Host header.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ siteUrl: loadConfig({ SITE_URL: 'https://shop.example.com/ignored-path' }).siteUrl });
});
afterAll(async () => server.close());

describe('SITE_URL', () => {
  it('builds the store page JSON-LD url from SITE_URL whatever Host says', async () => {
    const { request } = await import('node:http');
    const { port } = new URL(server.url);
    const html = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/stores/columbus-short-north', headers: { host: 'evil.example' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]) as { url: string };
    expect(ld.url).toBe('https://shop.example.com/stores/columbus-short-north');
    expect(html).not.toContain('evil.example');
  });

  it('refuses a SITE_URL that is not an absolute http(s) URL', () => {
    expect(() => loadConfig({ SITE_URL: 'shop.example.com' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ SITE_URL: 'javascript:alert(1)' })).toThrow(/SITE_URL/);
  });
});
