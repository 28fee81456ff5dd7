import { addDays, CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
import { printTable, startBenchServer, type BenchCase, type Row } from '../harness';

// `npm run bench abuse`: the attacks of security round three (findings 2–4) repeated against a real server, and
// what a real shopper sees meanwhile. Its own server trusts loopback as a proxy, so X-Forwarded-For gives each
// client its address: the attacker rotates through one IPv6 /64, shoppers come from their own addresses.
// Figures in docs/performance.md ("Abuse"); the limits in docs/security.md.

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A browser at one address: keeps its cookies and its nonce. */
class Browser {
  private cookies = new Map<string, string>();
  nonce = '';
  constructor(
    private readonly base: string,
    readonly address: string,
  ) {}

  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': this.address };
    if (this.nonce) headers['x-wp-nonce'] = this.nonce;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* a page */
    }
    if (typeof parsed.nonce === 'string') this.nonce = parsed.nonce;
    return { status: res.status, body: parsed };
  }

  async open(path = '/contact'): Promise<this> {
    const res = await fetch(this.base + path, { headers: { 'x-forwarded-for': this.address } });
    const m = /id="site-config">(.*?)<\/script>/s.exec(await res.text());
    if (m) this.nonce = (JSON.parse(m[1]) as { nonce: string }).nonce;
    return this;
  }

  async signIn(email: string, password: string): Promise<Answer> {
    if (!this.nonce) await this.open();
    return this.send('POST', '/api/shop/v1/session', { email, password });
  }
}

const attacker = (i: number) => `2001:db8:bad:1:${(i + 1).toString(16)}:${((i * 7919) % 65536).toString(16)}::${(i % 255).toString(16)}`;
const tally = (answers: Answer[]) => {
  const by = new Map<number, number>();
  for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
  return [...by]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');
};
const accepted = (answers: Answer[], ok: number) => answers.filter((a) => a.status === ok).length;

interface Perf {
  variants: Array<{ subject_id: number; variant: string; impressions: number; clicks: number }>;
  winners: Array<{ subject_id: number; winner: string | null }>;
  refused: { total: number };
}

export const abuse: BenchCase = {
  name: 'abuse',
  async run() {
    const server = await startBenchServer({ TRUST_PROXY: '127.0.0.1' });
    const base = server.url;
    const rows: Row[] = [];
    const started = Date.now();
    try {
      // Finding 2: 110 anonymous holds in parallel, every one a fresh visitor, on one day of store 1002.
      const probe = await new Browser(base, '198.51.100.200').open();
      const day = addDays(storeDay(new Date(), CHAIN_TIME_ZONE), 2);
      const slots = (await probe.send('GET', `/api/shop/v1/stores/1002/pickup-slots?date=${day}`)).body.items as Array<{
        id: number;
        remaining: number;
      }>;
      const before = slots.reduce((n, s) => n + s.remaining, 0);
      const holds = await Promise.all(
        Array.from({ length: 110 }, (_, i) => {
          const bot = new Browser(base, attacker(i));
          bot.nonce = probe.nonce;
          return bot.send('PUT', '/api/shop/v1/pickup-hold', { slot_id: slots[i % slots.length].id });
        }),
      );
      const after = (
        (await probe.send('GET', `/api/shop/v1/stores/1002/pickup-slots?date=${day}`)).body.items as Array<{ remaining: number }>
      ).reduce((n, s) => n + s.remaining, 0);
      rows.push({
        attack: '110 parallel anonymous holds, one /64 (finding 2)',
        answers: tally(holds),
        accepted: accepted(holds, 200),
        effect: `${before - after} of ${before} places held`,
      });

      const jordan = new Browser(base, '198.51.100.7');
      const signedIn = await jordan.signIn('jordan@example.test', 'jordan-password');
      await jordan.send('POST', '/api/shop/v1/cart/items?store_id=1002', { items: [{ product_id: 5000, quantity: 2 }] });
      const held = await jordan.send('PUT', '/api/shop/v1/pickup-hold', { slot_id: slots[0].id });
      const order = await jordan.send('POST', '/api/shop/v1/orders', { store_id: 1002 });
      rows.push({
        attack: 'a real shopper then (another address)',
        answers: `sign-in ${signedIn.status}, hold ${held.status}, order ${order.status}`,
        accepted: order.status === 201 ? 'ordered' : 'REFUSED',
        effect: order.status === 201 ? 'held and ordered the window' : JSON.stringify(order.body),
      });

      // Finding 3: popup 51 with a variant B and a tie between honest visitors; then 20 × 50 forged events.
      const editor = new Browser(base, '198.51.100.9');
      await editor.signIn('editor@harvestlane.test', 'editor-password');
      await editor.send('POST', '/wp-json/site/v1/content-variants', { subject_type: 'popup', subject_id: 51, html: '<p>Variant B</p>' });
      for (const variant of ['A', 'B'] as const)
        for (let i = 0; i < 30; i++) {
          const shopper = await new Browser(base, `198.51.${variant === 'A' ? 101 : 102}.${i + 1}`).open();
          const view = await shopper.send('POST', '/wp-json/site/v1/content-views', { subject_type: 'popup', subject_id: 51, variant });
          if (i < 6)
            await shopper.send('POST', '/wp-json/site/v1/content-events', {
              events: [{ view_id: view.body.view_id, subject_type: 'popup', subject_id: 51, variant, event: 'click' }],
            });
        }
      const winnerOf = async () => {
        const p = (await editor.send('GET', '/wp-json/site/v1/content-performance')).body as unknown as Perf;
        const v = (x: string) => p.variants.find((r) => r.subject_id === 51 && r.variant === x);
        return {
          winner: p.winners.find((w) => w.subject_id === 51)?.winner ?? 'none yet',
          a: `${v('A')?.clicks}/${v('A')?.impressions}`,
          b: `${v('B')?.clicks}/${v('B')?.impressions}`,
          refused: p.refused.total,
        };
      };
      const honest = await winnerOf();
      const forger = await new Browser(base, attacker(500)).open();
      const forged = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          forger.send('POST', '/wp-json/site/v1/content-events', {
            events: Array.from({ length: 50 }, (_, i) => ({
              view_id: `forged-${n}-${i}-abcdefgh`,
              subject_type: 'popup',
              subject_id: 51,
              variant: 'B',
              event: i % 3 === 0 ? 'impression' : i % 3 === 1 ? 'click' : 'close',
            })),
          }),
        ),
      );
      const afterForgery = await winnerOf();
      rows.push({
        attack: '20 × 50 forged A/B events (finding 3)',
        answers: tally(forged),
        accepted: forged.reduce((n, a) => n + Number(a.body.accepted ?? 0), 0),
        effect: `winner ${honest.winner} → ${afterForgery.winner}; A ${honest.a} → ${afterForgery.a}, B ${honest.b} → ${afterForgery.b}; ${afterForgery.refused} refused`,
      });

      // Finding 4: one /64, a different address each time.
      const fresh = await new Browser(base, attacker(900)).open();
      const rotate = (path: string, body: (i: number) => unknown, n: number) =>
        Promise.all(
          Array.from({ length: n }, (_, i) => {
            const b = new Browser(base, attacker(1000 + i));
            b.nonce = fresh.nonce;
            return b.send('POST', path, body(i));
          }),
        );
      const signUps = await rotate(
        '/api/shop/v1/account',
        (i) => ({ name: 'Rotor', email: `rotor-${started}-${i}@example.test`, password: 'rotor-password' }),
        45,
      );
      rows.push({
        attack: '45 sign-ups, rotating inside one /64 (finding 4)',
        answers: tally(signUps),
        accepted: accepted(signUps, 201),
        effect: 'per-address limit 30',
      });
      const contact = {
        store_id: '1006',
        name: 'Pat',
        email: 'pat@example.test',
        topic: 'Online order',
        message: 'Hello there, store team.',
      };
      const contacts = await rotate('/wp-json/site/v1/contact', () => contact, 25);
      rows.push({
        attack: '25 contact messages, rotating (finding 4)',
        answers: tally(contacts),
        accepted: accepted(contacts, 201),
        effect: 'per-address limit 10',
      });
      const guesses = await rotate('/api/shop/v1/session', (i) => ({ email: 'casey@example.test', password: `guess-${i}` }), 12);
      rows.push({
        attack: '12 wrong passwords for one account, rotating (finding 4)',
        answers: tally(guesses),
        accepted: `${accepted(guesses, 401)} checked`,
        effect: 'account+address limit 5',
      });

      const casey = new Browser(base, '198.51.100.8');
      const realSignIn = await casey.signIn('casey@example.test', 'casey-password');
      const realContact = await new Browser(base, '198.51.100.10').open().then((b) => b.send('POST', '/wp-json/site/v1/contact', contact));
      rows.push({
        attack: 'real shoppers then (their own addresses)',
        answers: `sign-in ${realSignIn.status}, contact ${realContact.status}`,
        accepted: realSignIn.status === 200 && realContact.status === 201 ? 'served' : 'REFUSED',
        effect: 'unaffected',
      });
    } finally {
      await server.stop();
    }
    printTable(
      `Abuse run: attacks of security round three, and real shoppers meanwhile (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      rows,
    );
  },
};
