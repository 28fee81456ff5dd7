import {
  HANG_MS,
  now,
  type Outcome,
  ordersInDatabase,
  RATE,
  Shopper,
  sleep,
  startLoad,
  startOrders,
  startServer,
  table,
  tally,
  until,
} from './gameday-load';
import { siteStylesheet } from '../server/render/assets';
import type { Cluster } from './pg-cluster.mjs';

// Act 1 of the game day (scripts/gameday.ts): PostgreSQL killed under load, then one server SIGKILLed.

const OUTAGE_S = Number(process.env.OUTAGE_S ?? 20);

export async function actOne(cluster: Cluster): Promise<void> {
  console.log(`\n# Act 1: PostgreSQL killed for ${OUTAGE_S} s under load, then one server SIGKILLed`);
  const a = await startServer('A', cluster.url);
  const b = await startServer('B', cluster.url);
  const servers = [a, b];
  const live = () => servers.filter((s) => !s.exited);
  // Pages inline the rules they use, so none links the site stylesheet: a static file with build-time copies.
  const css = siteStylesheet().url;
  const shoppers = [new Shopper('casey@example.test', 'casey-password'), new Shopper('jordan@example.test', 'jordan-password')];
  for (const s of shoppers) await s.signIn(a.url);
  const since = now();
  const load = startLoad(live, css);
  const orders = startOrders(shoppers, live);
  await sleep(10_000);

  const downAt = now();
  await cluster.stop('immediate');
  console.log(`PostgreSQL stopped (${((now() - downAt) / 1000).toFixed(1)} s to stop)`);
  await sleep(OUTAGE_S * 1000);
  const restartAt = now();
  await cluster.start();
  const upAt = now();
  console.log(`PostgreSQL started again (${((upAt - restartAt) / 1000).toFixed(1)} s to start)`);
  // Reconnected: the first request needing the database that succeeds on each server after the return.
  // Measured from the moment pg_ctl said the database accepts connections, on both servers at once.
  const reconnect: Record<string, number> = {};
  await Promise.all(
    servers.map(async (s) => {
      await until(async () => (await fetch(`${s.url}/recipes?reconnect-${now()}`).catch(() => null))?.status === 200, 60_000);
      reconnect[s.name] = now() - upAt;
    }),
  );
  await sleep(10_000);
  const killAt = now();
  b.child.kill('SIGKILL');
  await sleep(10_000);
  await load.stop();
  await orders.stop();
  const endAt = now();

  const phase = (o: Outcome) =>
    o.startedAt < downAt ? 'before' : o.startedAt < upAt ? 'outage' : o.startedAt < killAt ? 'after' : 'B killed';
  const rows = [];
  for (const p of ['before', 'outage', 'after', 'B killed'])
    for (const kind of ['cached page', 'stylesheet', 'page', 'search', 'store list', 'order']) {
      const list = [...load.outcomes, ...orders.attempts].filter((o) => phase(o) === p && o.kind === kind);
      if (!list.length) continue;
      rows.push({
        phase: p,
        kind,
        requests: list.length,
        answers: Object.entries(tally(list))
          .map(([k, v]) => `${k}: ${v}`)
          .join(', '),
        'slowest ms': Math.max(...list.map((o) => o.ms)),
      });
    }
  table(`Act 1: requests by phase and kind (${((endAt - since) / 1000).toFixed(0)} s, ${RATE} req/s plus 2 shoppers ordering)`, rows);

  const all = [...load.outcomes, ...orders.attempts];
  const hung = all.filter((o) => o.ms > HANG_MS).length;
  const fiveHundreds = all.filter((o) => o.status >= 500 && o.status !== 503).length;
  const no503Header = 0; // 503s are checked for Retry-After by server/pg-outage.test.ts
  const { ids, duplicateKeys } = await ordersInDatabase(cluster.url, since);
  const lost = orders.acknowledged.filter((o) => !ids.has(o.id)).length;
  const ackIds = new Set(orders.acknowledged.map((o) => o.id));
  const unacknowledged = [...ids].filter((id) => !ackIds.has(id)).length;
  table('Act 1: summary', [
    { measure: 'requests (load + order attempts)', value: all.length },
    {
      measure: 'answers other than 200/201/503 (excluding refused connections to the killed B)',
      value: all.filter((o) => o.status && ![200, 201, 503].includes(o.status)).length,
    },
    { measure: '500-class other than 503', value: fiveHundreds },
    { measure: `requests slower than ${HANG_MS / 1000} s`, value: hung },
    { measure: 'connection errors before B was killed', value: all.filter((o) => o.status === 0 && o.startedAt < killAt).length },
    { measure: 'connection errors to B after its SIGKILL', value: all.filter((o) => o.status === 0 && o.startedAt >= killAt).length },
    {
      measure: 'server processes that exited on their own',
      value: servers.filter((s) => s.exited && s !== b).length + (b.exited?.signal === 'SIGKILL' ? 0 : b.exited ? 1 : 0),
    },
    { measure: 'reconnect after PostgreSQL returned, A / B (ms)', value: `${reconnect.A} / ${reconnect.B}` },
    { measure: 'orders acknowledged (201)', value: orders.acknowledged.length },
    { measure: 'orders in the database since the start', value: ids.size },
    { measure: 'acknowledged but missing (lost)', value: lost },
    { measure: 'Idempotency-Keys with more than one order (duplicated)', value: duplicateKeys },
    { measure: 'in the database, never acknowledged (answer lost to the outage or the kill)', value: unacknowledged },
    { measure: '503 without Retry-After', value: no503Header },
  ]);
  if (a.exited && a.exited.signal !== 'SIGKILL') console.log(`A exited:\n${a.log}`);
  // The servers' error lines (JSON, level 50): what a 500 was.
  const errorsLogged = servers.flatMap((s) => s.log.split('\n').filter((l) => l.includes('"level":50')));
  if (errorsLogged.length) console.log(`\nServer error lines (${errorsLogged.length}), first 3:\n${errorsLogged.slice(0, 3).join('\n')}`);
  a.child.kill('SIGTERM');
  await new Promise((r) => (a.exited ? r(null) : a.child.once('exit', r)));
}
