import type { ContentBlockInput, ContentKind } from '../../core/wire/content-block';
import { fromSiteInput, toSiteInput } from '../../core/schedule/site-time';

// The content screen's form state and its conversion to the API body. Times are edited on the site's clock
// (datetime-local in the site timezone, whatever the editor's own zone) and sent as ms since the epoch.

export interface BlockForm {
  kind: ContentKind;
  title: string;
  slug: string;
  slider_id: string;
  html: string;
  store_ids: number[];
  store_group_ids: number[];
  user_group_ids: string;
  priority: string;
  starts_at: string;
  ends_at: string;
}

export const emptyForm = (): BlockForm => ({
  kind: 'site-banner',
  title: '',
  slug: '',
  slider_id: '',
  html: '',
  store_ids: [],
  store_group_ids: [],
  user_group_ids: '',
  priority: '0',
  starts_at: '',
  ends_at: '',
});

export function toBody(f: BlockForm, zone: string): ContentBlockInput {
  const groups = f.user_group_ids
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  return {
    kind: f.kind,
    title: f.title,
    slug: f.slug,
    slider_id: f.kind === 'slider' ? f.slider_id : '',
    html: f.html,
    store_ids: f.store_ids,
    store_group_ids: f.store_group_ids,
    user_group_ids: groups,
    priority: Number(f.priority) || 0,
    starts_at: fromSiteInput(f.starts_at, zone),
    ends_at: fromSiteInput(f.ends_at, zone),
  };
}

export function fromBlock(b: Required<Omit<ContentBlockInput, 'priority'>> & { priority: number }, zone: string): BlockForm {
  return {
    kind: b.kind,
    title: b.title,
    slug: b.slug,
    slider_id: b.slider_id,
    html: b.html,
    store_ids: b.store_ids,
    store_group_ids: b.store_group_ids,
    user_group_ids: b.user_group_ids.join(', '),
    priority: String(b.priority),
    starts_at: toSiteInput(b.starts_at, zone),
    ends_at: toSiteInput(b.ends_at, zone),
  };
}
