import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { installRequestDeadline, runningDeadlines } from './request-deadline';

// A request's deadline must go with the request: kept any longer, every request's timer, request and response were
// promoted to the old generation under load (docs/performance.md, "Server and bundle").

const server = createServer({ requestTimeout: 0 }, (req, res) => {
  req.resume();
  req.on('end', () => res.end('ok'));
});
installRequestDeadline(server, 30_000);
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((done) => server.close(() => done())));

it('keeps a deadline only while a request is on its way', async () => {
  for (let i = 0; i < 20; i++) expect(await (await fetch(`${base}/x`)).text()).toBe('ok');
  for (let i = 0; i < 5; i++) expect(await (await fetch(`${base}/x`, { method: 'POST', body: 'a'.repeat(10_000) })).text()).toBe('ok');
  // A body still arriving has its deadline running; once it has arrived, nothing is left.
  const slow = request(`${base}/upload`, { method: 'POST', headers: { 'content-length': '10' } });
  const answered = new Promise<void>((done) => slow.on('response', (res) => res.resume().on('end', () => done())));
  slow.write('12345');
  await expect.poll(() => runningDeadlines(server)).toBe(1);
  slow.end('67890');
  await answered;
  await expect.poll(() => runningDeadlines(server)).toBe(0);
});
