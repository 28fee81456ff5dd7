import { describe, expect, it } from 'vitest';
import { type Client, signedInAs, useTestServer, visitorAt } from '../testing/harness';

const server = useTestServer();

const beacon = (c: Client, body: unknown) => c.json(`/wp-json/site/v1/vitals?_wpnonce=${c.nonce}`, { method: 'POST', body, nonce: false });

describe('field vitals', () => {
  it('stores 20 parallel beacons and shows their p75 per page and device with its rating', async () => {
    const c = await visitorAt(server.url, '/contact');
    const lcps = Array.from({ length: 20 }, (_, i) => 1000 + i * 200); // p75 = 3800: needs improvement
    const answers = await Promise.all(
      lcps.map((LCP) => beacon(c, { path: '/vitals-test', device: 'mobile', metrics: { LCP, CLS: 0.02, INP: 90 } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));

    const editor = await signedInAs(server.url, 'editor');
    const summary = await editor.get<{ devices: Array<{ device: string; views: number; p75: Record<string, number> }> }>(
      '/wp-json/site/v1/vitals?path=/vitals-test',
    );
    expect(summary.body.devices).toEqual([{ path: '/vitals-test', device: 'mobile', views: 20, p75: { LCP: 3800, CLS: 0.02, INP: 90 } }]);

    const admin = await signedInAs(server.url, 'admin');
    const { status, html } = await admin.page('/admin/performance');
    expect(status).toBe(200);
    expect(html).toMatch(
      /<th scope="row">\/vitals-test<\/th><td>mobile<\/td><td>20<\/td><td class="vitals--needs-improvement">3800 ms \(needs improvement\)/,
    );
    expect(html).toContain('0.020 (good)');
  });

  it('refuses bad beacons with a 400 and stores nothing; needs a nonce; the screen needs an administrator', async () => {
    const c = await visitorAt(server.url, '/contact');
    for (const body of [
      { path: 'https://evil.test/', device: 'mobile', metrics: { LCP: 1 } },
      { path: '/x', device: 'watch', metrics: { LCP: 1 } },
      { path: '/x', device: 'mobile', metrics: { LCP: -1 } },
      { path: '/x', device: 'mobile', metrics: { FID: 1 } },
      'not json',
    ]) {
      const r = await beacon(c, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: 400 } });
    }
    expect(
      (await c.json('/wp-json/site/v1/vitals', { method: 'POST', body: { path: '/x', device: 'mobile', metrics: {} }, nonce: false }))
        .status,
    ).toBe(403);
    expect((await c.json('/wp-json/site/v1/vitals?path=/x')).status).toBe(401);
    expect((await c.raw('/admin/performance')).status).toBe(302);
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.page('/admin/performance')).status).toBe(403);
  });
});
