import { isOpenAt, type StoreHours } from './hours';

// What a store landing page says about being open: a store that is not open yet (not selectable in the
// shop, listed as "Opening soon" by the locator) never says "Open now", whatever its planned hours.

export type OpenStatus = 'open' | 'closed' | 'opening-soon';

export const OPEN_STATUS_LABEL: Record<OpenStatus, string> = {
  open: 'Open now',
  closed: 'Closed now',
  'opening-soon': 'Opening soon',
};

/** On the store's own clock (its `time_zone`): a Chicago store opens an hour after a Columbus one. */
export function openStatusOf(store: { hours: StoreHours; is_selectable: boolean; time_zone: string }, at: Date): OpenStatus {
  if (!store.is_selectable) return 'opening-soon';
  return isOpenAt(store.hours, at, store.time_zone) ? 'open' : 'closed';
}
