import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decideStore, readRequirement } from '../../core/store-layer/store-requirement';
import { ensureSession } from '../auth/visitor';
import { rememberedShoppingStore, setVisitorStore } from '../services/shopping-store';
import { getStore, type Store } from '../services/stores';
import { defaultStore } from '../services/shop-store';
import { rememberStore, visitorStore } from './visitor-store';
import { markPersonal } from './page-cache';

// A page's store_requirement (docs/behaviour.md) applied before the page renders: a page needing the catering or
// wine store switches the visitor's session to the related store, or redirects to the landing page when there
// is none; a page disallowing them switches a catering or wine visitor back to the shopping store and says so.
// The rule itself is core/store-layer/store-requirement.ts, which the store layer also runs on a store change.

export type RequirementOutcome = { redirect: string } | { notice?: string };

export async function applyStoreRequirement(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: Record<string, unknown>,
): Promise<RequirementOutcome> {
  const requirement = readRequirement(page);
  if (!requirement) return {};
  const db = app.db.kysely;
  const current = await visitorStore(app, request);
  // Only a visitor on a wine or catering store is switched back: then their own shopping store is read.
  const own =
    requirement === 'disallow_special' && current && current.kind !== 'shopping' ? await rememberedShoppingStore(db, request) : null;
  const decision = decideStore(requirement, current, own?.id);
  if (decision.action === 'none') return {};
  if (decision.action === 'redirect') return { redirect: decision.url };
  const next = await getStore(db, decision.storeId);
  if (!next) return {};
  const sessionId = await ensureSession(app, request, reply);
  await setVisitorStore(db, request, sessionId, next);
  rememberStore(request, next);
  markPersonal(request); // rendered for a session that changed on this request: never from or into the page cache
  if (requirement !== 'disallow_special') return {};
  return { notice: `This page is for your shopping store, so we switched you from ${current?.name ?? 'your store'} back to ${next.name}.` };
}

/**
 * The store a page is seen at by its visitor, without switching anyone's session: the editor's canvas shows the page
 * as the visitor it is for (docs/editor.md, "First views in the canvas"). The visitor's own store, or the one the
 * page's requirement switches them to; a visitor the page would send away (no catering or wine store of theirs)
 * sees it at that catalogue's first store, the one a visitor choosing it there gets.
 */
export async function storeSeenOnPage(app: FastifyInstance, request: FastifyRequest, page: Record<string, unknown>): Promise<Store | null> {
  const current = await visitorStore(app, request).catch(() => null);
  const requirement = readRequirement(page);
  if (!requirement) return current;
  const db = app.db.kysely;
  const own =
    requirement === 'disallow_special' && current && current.kind !== 'shopping' ? await rememberedShoppingStore(db, request) : null;
  const decision = decideStore(requirement, current, own?.id);
  if (decision.action === 'none') return current;
  if (decision.action === 'set-store') return (await getStore(db, decision.storeId)) ?? current;
  return requirement === 'disallow_special' ? current : defaultStore(db, requirement).catch(() => current);
}
