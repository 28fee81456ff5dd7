import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeTemplates } from '../fixtures/pages/theme';
import { loadConfig } from './config';
import { SEED_CONTENT, SEED_VERSION } from './seed';
import { seedContentHash } from './seeders/content-hash';
import { prepareDatabase } from './site-mode';
import { startTestServer, type TestServer } from './testing/harness';

// An existing database is seeded again on start only when SEED_VERSION moves (server/site-mode.ts): content added
// to the seed without a new version never reaches it (the theme templates did not, at version 5).

it('records the digest of the seed content for the current SEED_VERSION: new content needs a new version', () => {
  const recorded = SEED_CONTENT[SEED_CONTENT.length - 1];
  expect(recorded.version, 'the last entry of SEED_CONTENT is the current SEED_VERSION').toBe(SEED_VERSION);
  expect(
    seedContentHash(),
    `The seed's content changed: bump SEED_VERSION and add { version, hash: '${seedContentHash()}' } to SEED_CONTENT (server/seed.ts).`,
  ).toBe(recorded.hash);
});

it('gives every version its own entry and every entry its own content', () => {
  expect(new Set(SEED_CONTENT.map((e) => e.version)).size).toBe(SEED_CONTENT.length);
  expect(new Set(SEED_CONTENT.map((e) => e.hash)).size).toBe(SEED_CONTENT.length);
  // Versions only go up (a database seeded at a later version is never "behind" an earlier one).
  const numbers = SEED_CONTENT.map((e) => Number(e.version));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
});

describe('a database seeded at an earlier version', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const asAtVersion5 = async () => {
    const k = server.db.kysely;
    // What a database seeded before the theme templates holds: no templates, seed_version 5.
    await k
      .deleteFrom('documents')
      .where(
        'id',
        'in',
        themeTemplates.map((t) => t.id),
      )
      .execute();
    await k.updateTable('settings').set({ value: '5' }).where('key', '=', 'seed_version').execute();
  };
  const templatesHeld = async () =>
    (
      await server.db.kysely
        .selectFrom('documents')
        .select('id')
        .where(
          'id',
          'in',
          themeTemplates.map((t) => t.id),
        )
        .execute()
    ).length;

  it('starts in production (saying how to add the new content) instead of refusing as if it were empty', async () => {
    await asAtVersion5();
    // A production database holds no demo accounts (or the start is refused for them, server/auth/demo-accounts.test.ts).
    await server.db.kysely.updateTable('users').set({ seeded_demo: 0 }).execute();
    const said: string[] = [];
    await prepareDatabase(server.db, { ...loadConfig({ SITE_MODE: 'production' }), port: 8080 }, (line) => said.push(line));
    expect(said.join('\n')).toMatch(/seed content is newer/);
    expect(await templatesHeld()).toBe(0);
  });

  it('is seeded again on a demo start: the theme templates arrive', async () => {
    await asAtVersion5();
    await prepareDatabase(server.db, { ...loadConfig({}), port: 8080 }, () => undefined);
    expect(await templatesHeld()).toBe(themeTemplates.length);
    const version = await server.db.kysely.selectFrom('settings').select('value').where('key', '=', 'seed_version').executeTakeFirst();
    expect(version?.value).toBe(SEED_VERSION);
  });
});
