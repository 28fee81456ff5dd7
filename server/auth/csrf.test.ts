import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer, visitorAt } from '../testing/harness';

// Cross-site request forgery: the nonce check follows the route that matched (however the target is spelled),
// the sign-in form's nonce is bound to a pre-session cookie, and browsers' cross-site writes are refused.

const server = useTestServer();

/** A request with the target exactly as given (percent-encoded or absolute-form), as an attacker can send it. */
function send(method: string, target: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
/** `/api/…` → `/%61pi/…`: the router decodes it to the same route. */
const encodeFirst = (path: string) => `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;

describe('the nonce check follows the matched route', () => {
  it('walks every REST write with encoded and absolute-form targets: none runs as the signed-in user without a nonce', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const headers = { cookie: cookieOf(admin), 'content-type': 'application/json' };
    const writes = server.app.routeList.filter((r) => r.method !== 'GET' && /^\/(api|wp-json)\//.test(r.url));
    expect(writes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of writes) {
      const path = route.url.replace(/:\w+(\([^)]*\))?/g, '1').replace('*', 'x');
      const canonical = await send(route.method, path, headers, '{}');
      for (const target of [encodeFirst(path), `${server.url}${path}`, `${server.url}${encodeFirst(path)}`]) {
        const res = await send(route.method, target, headers, '{}');
        if (res.status !== canonical.status && res.status !== 404)
          failures.push(`${route.method} ${target}: ${res.status} (canonical ${canonical.status}) ${res.text.slice(0, 100)}`);
      }
      if (canonical.status === 403) expect(canonical.text, `${route.method} ${path}`).toMatch(/rest_cookie_invalid_nonce|rest_cross_site/);
    }
    expect(failures).toEqual([]);
  });

  it('runs an encoded GET without a nonce as an anonymous visitor', async () => {
    const customer = await signedInAs(server.url, 'casey');
    const headers = { cookie: cookieOf(customer), accept: 'application/json' };
    expect((await send('GET', '/api/shop/v1/account', { ...headers, 'x-wp-nonce': customer.nonce })).status).toBe(200);
    expect((await send('GET', encodeFirst('/api/shop/v1/account'), headers)).status).toBe(401);
    expect((await send('GET', `${server.url}/%61pi/shop/v1/account`, headers)).status).toBe(401);
  });
});

describe('login CSRF', () => {
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = (nonce: string) =>
    new URLSearchParams({
      email: 'editor@harvestlane.test',
      password: 'editor-password',
      _wpnonce: nonce,
      redirect_to: '/admin',
    }).toString();
  const formNonce = (html: string) => /name="_wpnonce" value="([^"]+)"/.exec(html)![1];

  it('binds the sign-in form nonce to the browser that got the form', async () => {
    // The anonymous REST nonce is public (any page hands it out): it does not sign anybody in.
    const victim = await visitorAt(server.url);
    expect((await victim.raw('/login', { method: 'POST', headers: formHeaders, body: body(victim.nonce) })).status).toBe(403);
    // Nor does a form nonce fetched by the attacker in their own browser.
    const attacker = new Client(server.url);
    const attackerNonce = formNonce((await attacker.page('/login')).html);
    await victim.page('/login');
    expect((await victim.raw('/login', { method: 'POST', headers: formHeaders, body: body(attackerNonce) })).status).toBe(403);
    // The form's own nonce with its cookie works.
    const own = formNonce((await victim.page('/login')).html);
    expect((await victim.raw('/login', { method: 'POST', headers: formHeaders, body: body(own) })).status).toBe(303);
  });

  it('refuses writes a browser marks as cross-site, on forms and the API alike', async () => {
    const c = new Client(server.url);
    const nonce = formNonce((await c.page('/login')).html);
    const evil = await c.raw('/login', { method: 'POST', headers: { ...formHeaders, origin: 'https://evil.example' }, body: body(nonce) });
    expect(evil.status).toBe(403);
    expect(c.cookies.has('hl_sid')).toBe(false);
    const fetchSite = await c.raw('/login', {
      method: 'POST',
      headers: { ...formHeaders, 'sec-fetch-site': 'cross-site' },
      body: body(nonce),
    });
    expect(fetchSite.status).toBe(403);
    const api = await visitorAt(server.url);
    const r = await api.json('/api/shop/v1/session', {
      method: 'POST',
      body: { email: 'casey@example.test', password: 'casey-password' },
      headers: { origin: 'https://evil.example' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'rest_cross_site' });
    const same = await api.json('/api/shop/v1/session', {
      method: 'POST',
      body: { email: 'casey@example.test', password: 'casey-password' },
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(200);
  });
});
