import { renameSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedInAs, useTestServer } from '../testing/harness';

// SQLite only: the database file deleted while the server runs is detected; writes answer 503 instead of being
// acknowledged into a file nobody will see again.

const server = useTestServer();

describe('the SQLite file deleted while running', () => {
  it('refuses writes with 503 and fails the health check', async () => {
    if (server.db.dialect !== 'sqlite') return;
    const c = await signedInAs(server.url, 'casey');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const add = () => c.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5001, quantity: 1 }] } });
    expect((await add()).status).toBe(200);
    const path = server.database.sqlitePath!;
    renameSync(path, `${path}.moved`);
    try {
      const refused = await add();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    } finally {
      renameSync(`${path}.moved`, path);
    }
    expect((await add()).status).toBe(200);
  });
});
