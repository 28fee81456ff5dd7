// What the bench cases that call as a shopper share: the nonce a page carries, and the seeded customer signed in
// through the shop API (the session cookie and the nonce of the sign-in answer).

/** The nonce of the page at `path` (its #site-config). */
export async function pageNonce(base: string, path = '/'): Promise<string> {
  const html = await (await fetch(`${base}${path}`)).text();
  return (JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]) as { nonce: string }).nonce;
}

/** The seeded customer casey, signed in: `cookie` is the session cookie (hl_sid=…), `nonce` the signed-in nonce. */
export async function signedInShopper(base: string): Promise<{ cookie: string; nonce: string }> {
  const res = await fetch(`${base}/api/shop/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wp-nonce': await pageNonce(base, '/contact') },
    body: JSON.stringify({ email: 'casey@example.test', password: 'casey-password' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hl_sid='));
  if (!res.ok || !cookie) throw new Error(`sign-in for the bench failed: ${res.status}`);
  return { cookie: cookie.split(';')[0], nonce: ((await res.json()) as { nonce: string }).nonce };
}
