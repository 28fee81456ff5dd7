import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { IMPORTS_API } from '../../../core/api/admin';
import type { ImportDetail } from '../../../core/wire/imports';
import { loadConfig } from '../../config';
import { type Client, signedInAs, TEST_SERVER_ENV, useTestServer, visitorAt } from '../../testing/harness';

// A grocer's price file over an office link takes longer than the server's request timeout (30 s, the slowloris
// guard): the upload route has its own, longer limit for who may upload (IMPORT_UPLOAD_TIMEOUT_MS), and every other
// request keeps the general one. Here the general timeout is lowered to 1 s and the bodies take several seconds.

const TIMEOUT_MS = 1_000;
const server = useTestServer({ connections: { ...loadConfig(TEST_SERVER_ENV).connections, requestTimeoutMs: TIMEOUT_MS } });

interface Slow {
  status: number;
  body: string;
  /** Pieces of the body sent before the answer came or the connection closed. */
  sent: number;
  /** The connection closed before the whole body was sent. */
  cut: boolean;
}

/** POSTs `body` in `pieces` pieces, one every `everyMs`: the whole body takes about pieces × everyMs. */
function slowPost(path: string, client: Client | null, body: string, pieces: number, everyMs: number, type = 'text/csv'): Promise<Slow> {
  const { port } = new URL(server.url);
  const headers: Record<string, string> = { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) };
  if (client) {
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    headers['x-wp-nonce'] = client.nonce;
  }
  const size = Math.ceil(body.length / pieces);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let status = 0;
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (d: Buffer) => (text += d.toString()));
    });
    req.on('error', () => undefined);
    req.on('close', () => {
      clearTimeout(timer);
      resolve({ status, body: text, sent, cut: sent < pieces });
    });
    const next = () => {
      if (req.destroyed) return;
      req.write(body.slice(sent * size, (sent + 1) * size));
      if (++sent < pieces) timer = setTimeout(next, everyMs);
      else req.end();
    };
    req.once('socket', (s) => s.once('connect', next));
    req.once('error', (e) => sent === 0 && reject(e));
  });
}

describe('a long upload and the request timeout', () => {
  it('accepts an upload whose body takes longer than the request timeout', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const rows = Array.from({ length: 40 }, (_, i) => `1001,${String(880900000000 + i * 7)},${(1 + i / 100).toFixed(2)}`);
    const csv = ['store_id,upc,price', ...rows].join('\n');
    // 8 pieces 500 ms apart: about 3.5 s, over three times the timeout.
    const started = Date.now();
    const r = await slowPost(`${IMPORTS_API}?kind=store-prices&mode=dry-run&file_name=slow.csv`, admin, csv, 8, 500);
    expect(Date.now() - started).toBeGreaterThan(3 * TIMEOUT_MS);
    expect(r.status, r.body).toBe(202);
    const detail = JSON.parse(r.body) as ImportDetail;
    expect(detail.file_name).toBe('slow.csv');
    expect(detail.bytes_total).toBe(Buffer.byteLength(csv));
  });

  it('still answers 408 to a slow body on any other route, and closes it', async () => {
    const shopper = await visitorAt(server.url, '/');
    const body = JSON.stringify({ items: [{ product_id: 5000, quantity: 1 }] });
    const r = await slowPost('/api/shop/v1/cart/items', shopper, body, 20, 500, 'application/json');
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toMatchObject({ code: 'rest_request_timeout', data: { status: 408 } });
    expect(r.cut).toBe(true);
  });

  it('keeps the general timeout for an upload from someone who may not upload (answered 401, then cut)', async () => {
    const csv = ['store_id,upc,price', ...Array.from({ length: 40 }, (_, i) => `1001,${880900000000 + i},1.00`)].join('\n');
    const r = await slowPost(`${IMPORTS_API}?kind=store-prices`, null, csv, 20, 500);
    expect(r.status).toBe(401);
    // The connection closes long before the 10 s the body would take: the upload's own limit was not given.
    expect(r.cut).toBe(true);
    expect(r.sent).toBeLessThan(20);
  });

  it('reads IMPORT_UPLOAD_TIMEOUT_MS, 30 minutes by default, and refuses a value that is not a number', () => {
    expect(loadConfig({}).importUploadTimeoutMs).toBe(30 * 60_000);
    expect(loadConfig({ IMPORT_UPLOAD_TIMEOUT_MS: '3600000' }).importUploadTimeoutMs).toBe(3_600_000);
    expect(() => loadConfig({ IMPORT_UPLOAD_TIMEOUT_MS: 'an hour' })).toThrow(/IMPORT_UPLOAD_TIMEOUT_MS/);
  });
});
