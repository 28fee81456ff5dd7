import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listPublishedMeta } from '../documents/repository';
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
  const rows = await listPublishedMeta(db, 'page', '%"homepage_store%');
  return homepageUrl(
    rows.map((r) => ({ slug: r.slug, settings: r.settings as HomepageSettings })),
    store,
  );
}
