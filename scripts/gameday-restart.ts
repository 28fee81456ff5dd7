import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HANG_MS,
  now,
  type Server,
  Shopper,
  setClientTimeout,
  sleep,
  startLoad,
  startOrders,
  startServer,
  table,
  tally,
  until,
} from './gameday-load';
import { siteStylesheet } from '../server/render/assets';
import { nginxSite } from './gameday-nginx';
import { type Cluster, freeLoopbackPort } from './pg-cluster.mjs';

// Act 2 of the game day (scripts/gameday.ts): a rolling restart of two servers behind nginx, under load.

function startNginx(dir: string, port: number, upstreams: number[]): ChildProcess {
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  return child;
}

/** The configuration docs/operations.md shows, with this run's ports and folders. */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # For the load generator only: fetch() does not retry a request on a keep-alive connection nginx has just closed
  # (a browser does), so client connections stay open for the run.
  keepalive_requests 1000000;
  keepalive_timeout 600s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${nginxSite(
  upstreams.map((p) => `127.0.0.1:${p}`),
  `127.0.0.1:${port}`,
)}
}
`;
}

/** What nginx's error log says it retried on the other server (each such request still succeeded). */
function nginxRetries(log: string): Array<{ measure: string; value: number }> {
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [];
  const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
  return [
    {
      measure: 'nginx: turned back by a stopping server (502), retried',
      value: count(/temporarily disabled while reading response header/),
    },
    { measure: 'nginx: connection refused, retried', value: count(/connect\(\) failed \(111/) },
    { measure: 'nginx: other upstream errors logged', value: count(/\[error\]/) - count(/connect\(\) failed \(111/) },
  ];
}

/** Behind nginx: a stopping server keeps listening up to 3 s while nginx lets go (docs/operations.md). */
const DRAIN_ENV = { PROXY_DRAIN_MS: '3000' };

export async function actTwo(cluster: Cluster): Promise<void> {
  console.log('\n# Act 2: rolling restart of two servers behind nginx, under load');
  // Act 2 counts failures (an error answer, a connection nginx or a server dropped), not slowness: on a machine busy
  // with other work a request may wait long for CPU and still succeed. The slowest answer is reported.
  setClientTimeout(120_000);
  const servers = [await startServer('A', cluster.url, undefined, DRAIN_ENV), await startServer('B', cluster.url, undefined, DRAIN_ENV)];
  const port = await freeLoopbackPort();
  const dir = join('/tmp', `hl-gameday-nginx-${process.pid}`);
  const nginx = startNginx(
    dir,
    port,
    servers.map((s) => s.port),
  );
  const front = { name: 'nginx', port, url: `http://127.0.0.1:${port}`, child: nginx, exited: null, log: '' } as Server;
  await until(async () => (await fetch(`${front.url}/readyz`).catch(() => null))?.status === 200, 30_000);
  // Pages inline the rules they use, so none links the site stylesheet: a static file with build-time copies.
  const css = siteStylesheet().url;
  const shoppers = [new Shopper('casey@example.test', 'casey-password'), new Shopper('jordan@example.test', 'jordan-password')];
  for (const s of shoppers) await s.signIn(front.url);
  const load = startLoad(() => [front], css);
  const orders = startOrders(shoppers, () => [front]);
  await sleep(5_000);
  const restarts: string[] = [];
  for (let i = 0; i < servers.length; i++) {
    const old = servers[i];
    const t0 = now();
    // nginx is not touched: the stopping server turns reads back until nginx stops choosing it, then closes its
    // listener (docs/operations.md, Rolling restarts).
    old.child.kill('SIGTERM');
    await new Promise((r) => (old.exited ? r(null) : old.child.once('exit', r)));
    const drained = now() - t0;
    servers[i] = await startServer(old.name, cluster.url, old.port, DRAIN_ENV);
    restarts.push(`${old.name}: SIGTERM, exit ${old.exited?.code} after ${drained} ms, ready again after ${now() - t0} ms`);
    // nginx tries a server it holds failed again after fail_timeout (10 s): wait until the restarted one served.
    await sleep(12_000);
  }
  await sleep(3_000);
  await load.stop();
  await orders.stop();
  const all = [...load.outcomes, ...orders.attempts];
  const failed = all.filter((o) => o.status === 0 || o.status >= 500);
  table('Act 2: rolling restart behind nginx', [
    { measure: 'requests through nginx (load + order attempts)', value: all.length },
    {
      measure: 'answers',
      value: Object.entries(tally(all))
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    },
    { measure: 'failed (connection errors and 5xx)', value: failed.length },
    { measure: 'slowest answer (ms)', value: Math.max(...all.map((o) => o.ms)) },
    { measure: 'answers slower than 5 s', value: all.filter((o) => o.ms > HANG_MS).length },
    { measure: 'orders acknowledged', value: orders.acknowledged.length },
    ...restarts.map((r) => ({ measure: 'restart', value: r })),
    ...nginxRetries(join(dir, 'error.log')),
  ]);
  nginx.kill('SIGQUIT');
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => (s.exited ? r(null) : s.child.once('exit', r)))));
}
