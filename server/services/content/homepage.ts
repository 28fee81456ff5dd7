import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseJson } from '../users';
import type { Store } from '../stores';

// The home page of a store: a published page whose settings name the store (homepage_store_ids) or one of
// its groups (homepage_store_group_ids); the store wins over the group; otherwise the site home page '/'.

interface HomepageSettings {
  homepage_store_ids?: number[];
  homepage_store_group_ids?: number[];
}

export function homepageUrl(
  pages: Array<{ slug: string; settings: HomepageSettings }>,
  store: Pick<Store, 'id' | 'store_group_ids'>,
): string {
  const byStore = pages.find((p) => p.settings.homepage_store_ids?.includes(store.id));
  const byGroup = pages.find((p) => p.settings.homepage_store_group_ids?.some((g) => store.store_group_ids.includes(g)));
  const hit = byStore ?? byGroup;
  return hit ? `/${hit.slug}` : '/';
}

export async function homepageFor(db: Kysely<Database>, store: Store): Promise<string> {
  const rows = await db
    .selectFrom('documents')
    .select(['slug', 'settings'])
    .where('type', '=', 'page')
    .where('status', '=', 'publish')
    .where('settings', 'like', '%"homepage_store%')
    .orderBy('id')
    .execute();
  return homepageUrl(
    rows.map((r) => ({ slug: r.slug, settings: parseJson<HomepageSettings>(r.settings, {}) })),
    store,
  );
}
