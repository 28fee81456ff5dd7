import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_EDITOR_PREFERENCES, type EditorPreferences } from '../../../core/config/site-config';
import { requireCapability } from '../../auth/guards';
import { answers, requireObjectBody, withSchemas } from '../../validation';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

export const EDITOR_PREFERENCES_PATH = '/wp-json/site/v1/editor/preferences';

const body = z.object({ lightbox_enabled_in_editor: z.enum(['yes', 'no'], { error: 'must be yes or no' }) }).strict();

// Edit mode honours the editor's own preference for the lightbox inside the editor. The editor
// reads it when it starts and changes it from its toolbar.
export async function editorPreferenceRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const read = async (userId: number): Promise<EditorPreferences> => {
    const row = await db.selectFrom('editor_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row?.lightbox_enabled_in_editor === 'no' ? { lightbox_enabled_in_editor: 'no' } : DEFAULT_EDITOR_PREFERENCES;
  };
  app.get(
    editorApi.preferences.path,
    { preValidation: requireCapability('edit_content'), schema: { response: answers(editorApi.preferences, S.editorPreferences) } },
    async (request) => read(request.visitor.user!.id),
  );
  const put = {
    preValidation: [requireCapability('edit_content'), requireObjectBody],
    schema: { body, response: answers(editorApi.savePreferences, S.editorPreferences) },
  };
  app.put(editorApi.savePreferences.path, put, async (request) => {
    const input = request.body;
    const userId = request.visitor.user!.id;
    // One row per editor, written in one statement: parallel saves never fail on the primary key.
    await db
      .insertInto('editor_preferences')
      .values({ user_id: userId, lightbox_enabled_in_editor: input.lightbox_enabled_in_editor })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ lightbox_enabled_in_editor: input.lightbox_enabled_in_editor }))
      .execute();
    return read(userId);
  });
}
