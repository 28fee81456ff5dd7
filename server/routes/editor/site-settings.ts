import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../../auth/guards';
import { publishSiteSettings, saveSiteSettingsDraft, siteSettingsState } from '../../services/site-settings';

export const SITE_SETTINGS_BASE = '/wp-json/site/v1/site-settings';

// Site Settings for the editor's panel: read (draft and published), save a draft, publish. The body is the
// whole settings object ({name, primaryColor, iosLink, androidLink, kit}), checked against the same control
// schemas the panel is drawn from; a bad field answers 400 naming it. Publishing with no body publishes the
// saved draft.
export async function siteSettingsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };

  app.get(SITE_SETTINGS_BASE, editor, async () => siteSettingsState(db));

  app.put(`${SITE_SETTINGS_BASE}/draft`, editor, async (request) => saveSiteSettingsDraft(db, request.body));

  app.post(`${SITE_SETTINGS_BASE}/publish`, editor, async (request) => {
    const body = request.body;
    const empty =
      body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
    return publishSiteSettings(db, empty ? undefined : body);
  });
}
