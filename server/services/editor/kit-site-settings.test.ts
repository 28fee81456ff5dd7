import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer } from '../../testing/harness';
import { defaultSiteSettings, type SiteSettings } from '../../../core/config/site-settings';
import type { KitFile } from '../../../core/wire/kit-manifest';

const server = useTestServer();

const KITS = '/wp-json/site/v1/kits';
const SITE = '/wp-json/site/v1/site-settings';
type State = { draft: SiteSettings; published: SiteSettings; has_draft: boolean };

describe('kit export and import carry the Site Settings, checked by the same control schemas', () => {
  it('exports the published settings, imports them as a draft, and refuses a kit whose settings are wrong', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const kit = await admin.get<KitFile>(`${KITS}/export`);
    expect(kit.status).toBe(200);
    expect(kit.body.site_settings).toEqual(defaultSiteSettings);
    expect(kit.body.manifest.name).toBe(defaultSiteSettings.name);
    const templatesBefore = Object.keys(kit.body.manifest.templates).length;

    // A wrong setting: 400 naming it, nothing imported, no draft.
    const broken = { ...kit.body, site_settings: { ...defaultSiteSettings, kit: { ...defaultSiteSettings.kit, department_menu: '9' } } };
    const refused = await admin.json<{ message: string }>(`${KITS}/import?on_conflict=duplicate`, { method: 'POST', body: broken });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`The kit's Site Settings are invalid: Site Settings "kit.department_menu" must be one of 0, 1, 2.`);
    const after = await admin.get<KitFile>(`${KITS}/export`);
    expect(Object.keys(after.body.manifest.templates).length).toBe(templatesBefore);
    expect((await admin.get<State>(SITE)).body.has_draft).toBe(false);

    // Another site's settings: a draft to review; visitors keep the published ones until an editor publishes.
    const other = {
      ...kit.body,
      site_settings: { ...defaultSiteSettings, primaryColor: '#aa3300', kit: { ...defaultSiteSettings.kit, department_menu: '2' } },
    };
    const imported = await admin.json<{ imported: unknown[] }>(`${KITS}/import?on_conflict=skip`, { method: 'POST', body: other });
    expect(imported.status).toBe(200);
    const state = (await admin.get<State>(SITE)).body;
    expect(state.has_draft).toBe(true);
    expect(state.draft.primaryColor).toBe('#aa3300');
    expect(state.draft.kit.department_menu).toBe('2');
    expect(state.published).toEqual(defaultSiteSettings);
    expect(/data-menu-mode="(\d)"/.exec((await new Client(server.url).page('/')).html)?.[1]).toBe('1');
  });
});
