import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/harness';
import { inertProblems, poison, xssPayloads } from '../testing/inert';
import { frontendPopupSettings, isPopupPreview, popupTargetsPage, serverDatetime, slugOfPath } from './popups';

describe('popup display conditions', () => {
  it.each([
    [[{ type: 'include', pages: 'all' }], 'home', true],
    [[{ type: 'include', pages: ['weekly-deals'] }], 'weekly-deals', true],
    [[{ type: 'include', pages: ['weekly-deals'] }], 'home', false],
    [
      [
        { type: 'include', pages: 'all' },
        { type: 'exclude', pages: ['home'] },
      ],
      'home',
      false,
    ],
    [
      [
        { type: 'include', pages: 'all' },
        { type: 'exclude', pages: ['home'] },
      ],
      'recipes',
      true,
    ],
    [[{ type: 'exclude', pages: ['home'] }], 'recipes', false],
    [[], 'home', false],
    ['junk', 'home', false],
  ])('%j on %s → %s', (conditions, slug, on) => {
    expect(popupTargetsPage(conditions, slug)).toBe(on);
  });

  it('maps paths to slugs', () => {
    expect(slugOfPath('/')).toBe('home');
    expect(slugOfPath('/Popup-Lab/Scroll/')).toBe('popup-lab/scroll');
    expect(slugOfPath('/%E0%A4%A')).toBe('%e0%a4%a');
  });

  it('fills the site clock only when a schedule uses it', () => {
    const now = new Date(2026, 10, 23, 9, 5, 7);
    expect(serverDatetime(now)).toBe('2026-11-23 09:05:07');
    expect(frontendPopupSettings({ timing: { schedule: 'yes', schedule_timezone: 'site' } }, now)).toEqual({
      timing: { schedule: 'yes', schedule_timezone: 'site', schedule_server_datetime: '2026-11-23 09:05:07' },
    });
    expect(frontendPopupSettings({ triggers: { page_load: 'yes' } }, now)).toEqual({ triggers: { page_load: 'yes' } });
  });

  it('previews only for editors and administrators', () => {
    expect(isPopupPreview({ preview: 'true' }, ['editor'])).toBe(true);
    expect(isPopupPreview({ preview: 'true' }, ['customer'])).toBe(false);
    expect(isPopupPreview({}, ['administrator'])).toBe(false);
  });
});

describe('popups rendered into the pages they target', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('renders the weekly deals popups hidden as named modal dialogs with their settings', async () => {
    const { status, html } = await new Client(server.url).page('/weekly-deals');
    expect(status).toBe(200);
    const dialogs = [...html.matchAll(/<dialog class="e-popup[^"]*"[^>]*data-elementor-id="(\d+)"[^>]*aria-label="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(dialogs).toEqual([
      ['51', 'The new weekly ad, every Wednesday'],
      ['52', 'Before you go: free pickup from $35'],
      ['53', 'Change your store?'],
    ]);
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html).toContain('&quot;page_load_delay&quot;:5');
    expect(html).toContain('e-popup-dont-show-again');
  });

  it('leaves pages no popup targets alone', async () => {
    const { html } = await new Client(server.url).page('/');
    expect(html).not.toContain('<dialog');
  });

  it('popup titles, trees and settings from the database render inert', async () => {
    const popups = await server.db.kysely
      .selectFrom('documents')
      .select(['id', 'title', 'tree', 'settings'])
      .where('id', 'in', [51, 52, 53])
      .execute();
    const failures: string[] = [];
    for (const payload of xssPayloads) {
      for (const p of popups) {
        await server.db.kysely
          .updateTable('documents')
          .set({
            title: payload,
            tree: JSON.stringify(poison(JSON.parse(p.tree), payload)),
            settings: JSON.stringify(poison(JSON.parse(p.settings), payload)),
          })
          .where('id', '=', p.id)
          .execute();
      }
      const res = await fetch(`${server.url}/weekly-deals`);
      if (res.status !== 200) failures.push(`status ${res.status} with ${payload}`);
      for (const problem of inertProblems(await res.text())) failures.push(`${JSON.stringify(payload)}: ${problem}`);
    }
    for (const p of popups)
      await server.db.kysely
        .updateTable('documents')
        .set({ title: p.title, tree: p.tree, settings: p.settings })
        .where('id', '=', p.id)
        .execute();
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
