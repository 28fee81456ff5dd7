import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { siteSettingsProblem, withDefaults, type SiteSettings } from '../../core/config/site-settings';
import { parseJson } from './users';
import { contentCachesOf } from './content/content-caches';

// Site Settings in the database, published like a page: the editor saves a draft (settings row
// `site_draft`) and publishing copies it to `site`, which visitors' pages are rendered with. Both rows live
// in `settings`, a table whose writes bump page_cache_version (migration 080): a publish on any server
// empties every server's page cache. Each process keeps the published settings CONTENT_CACHE_MS at most and
// forgets them when that version moves (ContentCaches.forgetAll), so servers agree at once after a publish.

export const PUBLISHED_KEY = 'site';
export const DRAFT_KEY = 'site_draft';

export interface SiteSettingsState {
  /** What the editor edits: the draft when there is one, else the published settings. */
  draft: SiteSettings;
  published: SiteSettings;
  has_draft: boolean;
}

type Db = Kysely<Database>;

async function readRow(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Saved settings that no longer pass the check (an older version, a hand edit) fall back to the defaults. */
function readChecked(text: string | undefined): SiteSettings | null {
  const saved = parseJson<unknown>(text, null);
  if (saved === null || siteSettingsProblem(saved)) return null;
  return withDefaults(saved as Partial<SiteSettings>);
}

async function writeRow(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The published settings visitors see (defaults until an editor publishes). */
export const publishedSiteSettings = (db: Db): Promise<SiteSettings> =>
  contentCachesOf(db).siteSettings.get(PUBLISHED_KEY, async () => readChecked(await readRow(db, PUBLISHED_KEY)) ?? withDefaults(null));

/** The data behind pages changed (page_cache_version moved) or a publish here: read anew. */
export function forgetSiteSettings(db: Db): void {
  contentCachesOf(db).siteSettings.clear();
}

export async function siteSettingsState(db: Db): Promise<SiteSettingsState> {
  const published = readChecked(await readRow(db, PUBLISHED_KEY)) ?? withDefaults(null);
  const draft = readChecked(await readRow(db, DRAFT_KEY));
  return { draft: draft ?? published, published, has_draft: draft !== null };
}

/** Checks settings an editor sends: 400 naming the field, with the message keyed by it for the panel. */
export function checkedSiteSettings(input: unknown): SiteSettings {
  const problem = siteSettingsProblem(input);
  if (problem) throw errors.invalidParam(problem.message, { [problem.field]: problem.message });
  return withDefaults(input as Partial<SiteSettings>);
}

export async function saveSiteSettingsDraft(db: Db, input: unknown): Promise<SiteSettingsState> {
  const settings = checkedSiteSettings(input);
  await writeRow(db, DRAFT_KEY, JSON.stringify(settings));
  return siteSettingsState(db);
}

/** Publishes the given settings (or the saved draft) and drops the draft; visitors see them at once. */
export async function publishSiteSettings(db: Db, input?: unknown): Promise<SiteSettingsState> {
  const settings = input === undefined ? (await siteSettingsState(db)).draft : checkedSiteSettings(input);
  await db.transaction().execute(async (trx) => {
    await writeRow(trx, PUBLISHED_KEY, JSON.stringify(settings));
    await trx.deleteFrom('settings').where('key', '=', DRAFT_KEY).execute();
  });
  forgetSiteSettings(db);
  return siteSettingsState(db);
}
