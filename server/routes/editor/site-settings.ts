import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../../auth/guards';
import { publishSiteSettings, saveSiteSettingsDraft, siteSettingsState } from '../../services/site-settings';
import { answers } from '../../validation';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// Site Settings for the editor's panel: read (draft and published), save a draft, publish. The body is the
// whole settings object ({name, primaryColor, iosLink, androidLink, kit}), checked against the same control
// schemas the panel is drawn from; a bad field answers 400 naming it. Publishing with no body publishes the
// saved draft.
export async function siteSettingsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };

  // Reading is open to everyone who uses the editor (contributors see the global styles); writing is edit_pages.
  app.get(
    editorApi.siteSettings.path,
    { preValidation: requireCapability('edit_content'), schema: { response: answers(editorApi.siteSettings, S.siteSettingsState) } },
    async () => siteSettingsState(db),
  );

  app.put(
    editorApi.saveSiteSettingsDraft.path,
    { ...editor, schema: { response: answers(editorApi.saveSiteSettingsDraft, S.siteSettingsState) } },
    async (request) => saveSiteSettingsDraft(db, request.body),
  );

  app.post(
    editorApi.publishSiteSettings.path,
    { ...editor, schema: { response: answers(editorApi.publishSiteSettings, S.siteSettingsState) } },
    async (request) => {
      const body = request.body;
      const empty =
        body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
      return publishSiteSettings(db, empty ? undefined : body);
    },
  );
}
