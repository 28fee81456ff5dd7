import { describe, expect, it } from 'vitest';
import { signedInAs, useTestServer } from '../testing/harness';

// Parallel kit imports each get their own document ids (PostgreSQL: a sequence instead of max(id)+1).

const server = useTestServer();

describe('document ids under parallel kit imports', () => {
  // Re-importing the site's own export: every template is already there, so each import asks for copies.
  it('imports 20 kits at once, every one succeeding with distinct ids', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const kit = await admin.get('/wp-json/site/v1/kits/export');
    expect(kit.status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.json<{ imported: Array<{ id: number }> }>('/wp-json/site/v1/kits/import?on_conflict=duplicate', {
          method: 'POST',
          body: kit.body,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = results.flatMap((r) => r.body.imported.map((t) => t.id));
    expect(ids.length).toBeGreaterThanOrEqual(20);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(100000);
  });
});
