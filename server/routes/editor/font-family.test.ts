import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../../core/config/site-settings';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// Issue 32, finding 9: a global font with an unmatched quote (a") saved, published and broke every global font
// rule; "x;}body{display:none}" and "</style><script>" were accepted and silently dropped at render. The save
// checks one grammar (core/wire/font-family.ts), the one the renderer uses, with the message next to the field.

const server = useTestServer();
const BASE = '/wp-json/site/v1/site-settings';
type ApiError = { message: string; data: { status: number; params?: Record<string, string> } };

describe('global fonts', () => {
  it.each(['a"', 'x;}body{display:none}', '</style><script>'])('refuses %j on save and on publish, next to the field', async (font) => {
    const ed = await signedInAs(server.url, 'editor');
    const body = { ...defaultSiteSettings, kit: { ...defaultSiteSettings.kit, global_font_primary: font } };
    for (const [method, path] of [
      ['PUT', `${BASE}/draft`],
      ['POST', `${BASE}/publish`],
    ] as const) {
      const res = await ed.json<ApiError>(path, { method, body });
      expect(res.status).toBe(400);
      expect(res.body.data.params?.['kit.global_font_primary']).toBe(res.body.message);
    }
    expect((await ed.get<{ published: typeof defaultSiteSettings }>(BASE)).body.published.kit.global_font_primary ?? '').toBe(
      defaultSiteSettings.kit.global_font_primary ?? '',
    );
  });

  it('publishes a valid list and renders it as saved', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const body = { ...defaultSiteSettings, kit: { ...defaultSiteSettings.kit, global_font_primary: '"Open Sans", Georgia, serif' } };
    expect((await ed.json(`${BASE}/publish`, { method: 'POST', body })).status).toBe(200);
    const { html } = await new Client(server.url).page('/');
    expect(html).toContain('--e-global-typography-primary-font-family:"Open Sans", Georgia, serif');
    expect(html).toContain(':is(h1,h2,h3,h4,h5,h6){font-family:var(--e-global-typography-primary-font-family)}');
    expect((await ed.json(`${BASE}/publish`, { method: 'POST', body: defaultSiteSettings })).status).toBe(200);
  });
});
