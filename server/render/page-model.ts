import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appBannerLink } from '../../core/header/app-banner-rules';
import { APP_BANNER_COOKIE } from '../../core/header/constants';
import { contentQuery, targetingMode } from '../../core/store-layer/content-query';
import { slotKey, type ContentSlot } from '../../core/store-layer/content-slot';
import { contentSlotOf } from '../../react-app/widgets/freshop-content/widget';
import type { ElementNode } from '../../react-app/widgets/types';
import { contentAnswer } from '../services/content/answers';
import type { Store } from '../services/stores';
import { sliderQuery, targetingQuery } from '../services/content/params';

// What the server knows before it renders a page, resolved once per request: the content block of every
// [data-content] slot for the visitor's store and audience (the site banner and each content widget of the
// tree) and whether the app banner shows. The slots are asked through the same query the store layer sends
// (core/store-layer/content-query.ts) and answered by the same code as the REST call, so the browser has
// nothing to fetch on the first view.

export const SITE_BANNER_SLOT: ContentSlot = { kind: 'site-banner' };

export function contentSlotsOf(tree: ElementNode[], out: ContentSlot[] = [SITE_BANNER_SLOT]): ContentSlot[] {
  for (const node of tree) {
    if (node.widgetType === 'freshop-content') {
      const slot = contentSlotOf(node.settings ?? {});
      if (slot && !out.some((s) => slotKey(s) === slotKey(slot))) out.push(slot);
    }
    contentSlotsOf(node.elements ?? [], out);
  }
  return out;
}

/** Browsers that take WebP say so in their Accept header; the slider then keeps its WebP sources. */
export const acceptsWebp = (request: FastifyRequest): boolean => /image\/webp/.test(String(request.headers.accept ?? ''));

/** The content slots' html for this visitor; a slot whose lookup fails is left for the runtime (docs/behaviour.md: ignored). */
export async function loadContentSlots(
  app: FastifyInstance,
  request: FastifyRequest,
  store: Store | null,
  slots: ContentSlot[],
  at?: number,
  /** Filled with the content block id of each slot that has one (measured content, A/B variants). */
  blockIds?: Map<string, number>,
  /** Whose audience the blocks are chosen for: the visitor's own, or (the editor's canvas) nobody signed in. */
  user: FastifyRequest['visitor']['user'] = request.visitor.user,
): Promise<Map<string, string>> {
  const input = {
    mode: targetingMode(app.siteSettings.kit),
    store,
    user: { id: user?.id ?? 0, segment_ids: user?.segment_ids ?? [] },
    webp: acceptsWebp(request),
  };
  const filled = new Map<string, string>();
  await Promise.all(
    slots.map(async (slot) => {
      const query = Object.fromEntries(contentQuery(slot.kind, { ...input, slug: slot.slug, sliderId: slot.sliderId }));
      const parsed = (slot.kind === 'slider' ? sliderQuery : targetingQuery).safeParse(query);
      if (!parsed.success) return;
      try {
        const answered = await contentAnswer(app, slot.kind, parsed.data, user, at, store);
        filled.set(slotKey(slot), answered.value);
        if (answered.blockId !== null) blockIds?.set(slotKey(slot), answered.blockId);
      } catch (error) {
        request.log.warn(error, 'content slot left to the runtime');
      }
    }),
  );
  return filled;
}

/** The app banner's link for this request (user agent + snackbarClosed cookie), or null. */
export function appBannerFor(app: FastifyInstance, request: FastifyRequest): string | null {
  return appBannerLink(String(request.headers['user-agent'] ?? ''), app.siteSettings, request.cookies[APP_BANNER_COOKIE]);
}
