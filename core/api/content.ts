import type { ContactInput } from '../store-layer/contact-rules';
import type { VitalsReport } from '../vitals/thresholds';
import type { ContentEvent, SubjectType } from '../wire/content-event';
import { endpoint } from './endpoint';
import type * as S from './schemas/content';

// The calls pages make (content blocks after a store change, the loop grid's refresh, the contact form, field
// vitals, measured content, usage events) and the editors' reading of them. Reference: docs/api.md.

const SITE = '/wp-json/site/v1';
const CONTENT = '/wp-json/freshop/v1/content';

/** Store mode (store_id) or group mode (the group ids as `1,2,3`); the slider adds slider_id and webp. */
export interface ContentQuery {
  slug?: string;
  store_id?: number;
  store_group_ids?: string;
  user_group_ids?: string;
  slider_id?: string;
  webp?: '1';
}
export const siteBanner = endpoint<typeof S.contentHtml, { query: ContentQuery }>()('GET', `${CONTENT}/site-banner`);
export const cta = endpoint<typeof S.contentHtml, { query: ContentQuery }>()('GET', `${CONTENT}/cta`);
export const personalizedContent = endpoint<typeof S.contentHtml, { query: ContentQuery }>()('GET', `${CONTENT}/personalized-content`);
export const slider = endpoint<typeof S.contentHtml, { query: ContentQuery }>()('GET', `${CONTENT}/slider`);
export const homepage = endpoint<typeof S.homepage, { query: { store_id: number } }>()('GET', `${CONTENT}/homepage`);
/** The content calls by block kind. */
export const contentByKind = { 'site-banner': siteBanner, cta, 'personalized-content': personalizedContent, slider } as const;

export interface LoopRefresh {
  post_id: number | string;
  widget_id: string;
  widget_filters?: Record<string, unknown>;
  pagination_base_url?: string;
  widget_model?: Record<string, unknown>;
  is_edit_mode?: boolean;
}
export const refreshLoop = endpoint<typeof S.loopRefresh, { body: LoopRefresh }>()('POST', '/wp-json/elementor-pro/v1/refresh-loop');

export const contact = endpoint<typeof S.contactSent, { body: ContactInput }>()('POST', `${SITE}/contact`);
export const usageEvent = endpoint<
  typeof S.usageEventRecorded,
  { body: { event: string; details: Record<string, unknown>; page: string } }
>()('POST', `${SITE}/usage-events`);

export const sendVitals = endpoint<typeof S.vitalsStored, { body: VitalsReport }>()('POST', `${SITE}/vitals`);
export const vitals = endpoint<typeof S.vitals, { query: { path?: string } }>()('GET', `${SITE}/vitals`);

type Variant = 'A' | 'B';
export const openView = endpoint<typeof S.viewOpened, { body: { subject_type: SubjectType; subject_id: number; variant: Variant } }>()(
  'POST',
  `${SITE}/content-views`,
);
export const sendContentEvents = endpoint<typeof S.eventsAccepted, { body: { events: ContentEvent[] } }>()(
  'POST',
  `${SITE}/content-events`,
);
export const variantFor = endpoint<typeof S.variantFor, { query: { visitor?: string } }>()('GET', `${SITE}/content-variants/:type/:id/for`);
export const variants = endpoint<typeof S.variants>()('GET', `${SITE}/content-variants`);
/** `subject_type` as the form chose it (popup or block): the server refuses another one next to the field. */
export const saveVariant = endpoint<typeof S.variantSaved, { body: { subject_type: string; subject_id: number; html: string } }>()(
  'POST',
  `${SITE}/content-variants`,
);
export const deleteVariant = endpoint<typeof S.variantDeleted>()('DELETE', `${SITE}/content-variants/:id`);
export const promoteVariant = endpoint<typeof S.variantPromoted>()('POST', `${SITE}/content-variants/:id/promote`);
export const contentPerformance = endpoint<typeof S.contentPerformance, { query: { from?: string; to?: string } }>()(
  'GET',
  `${SITE}/content-performance`,
);
