import { describe, expect, it } from 'vitest';
import { signedInAs, useTestServer } from '../testing/harness';
import { nestedDeeperThan } from './body-depth';

// A tree nested 1000 deep is refused with 400 before any recursive schema sees it (it overflowed the stack).

const server = useTestServer();

function nestedTree(depth: number): unknown[] {
  let node: Record<string, unknown> = { id: 'leaf', elType: 'widget', widgetType: 'heading', settings: {}, elements: [] };
  for (let i = 0; i < depth; i++) node = { id: `n${i}`, elType: 'container', settings: {}, elements: [node] };
  return [node];
}

describe('body depth', () => {
  it('measures depth without recursion', () => {
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan(nestedTree(100_000), 64)).toBe(true);
  });

  it('answers 400 JSON for element trees nested 600, 1000 and 1500 deep', async () => {
    const editor = await signedInAs(server.url, 'editor');
    for (const depth of [600, 1000, 1500]) {
      const r = await editor.json<{ code: string; data: { status: number } }>('/wp-json/site/v1/documents/130/draft', {
        method: 'PUT',
        body: { tree: nestedTree(depth) },
      });
      expect(r.status, `depth ${depth}`).toBe(400);
      expect(r.body.data.status).toBe(400);
    }
    const doc = await server.db.kysely.selectFrom('documents').select('draft_tree').where('id', '=', 130).executeTakeFirstOrThrow();
    expect(doc.draft_tree ?? '').not.toContain('"n599"');
  });
});
