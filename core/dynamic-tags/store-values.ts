import { formatAddress, type Address } from '../store-layer/directions';
import { formatDayHours, localTime, type StoreHours } from '../store-layer/hours';
import { OPEN_STATUS_LABEL, openStatusOf } from '../store-layer/open-status';
import type { TagValues } from './tags';

// What the store tags show (docs/editor.md, "Dynamic tags"), and how long that stays true: "open now" and
// "hours today" change during the day, so a page showing them must not be kept past the next opening or closing
// (the page cache already ends every entry at the store's midnight).

export type TagStore = Address & { name: string; slug: string; phone: string; hours: StoreHours; is_selectable: boolean };

export function storeTagValues(store: TagStore, now: Date): NonNullable<TagValues['store']> {
  return {
    name: store.name,
    address: formatAddress(store),
    phone: store.phone,
    hours: formatDayHours(store.hours[localTime(now).day]),
    open_now: OPEN_STATUS_LABEL[openStatusOf(store, now)],
    url: `/stores/${store.slug}`,
  };
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
};

/** The next instant (ms) today at which the store opens or closes, or Infinity when it does neither again today. */
export function nextOpenChange(hours: StoreHours, now: Date): number {
  const { day, minute } = localTime(now);
  const today = hours[day];
  if (!today) return Infinity;
  const next = today
    .map(minutesOf)
    .filter((m) => m > minute)
    .sort((a, b) => a - b)[0];
  if (next === undefined) return Infinity;
  // From the start of the current minute (local minutes line up with UTC ones).
  const minuteStart = now.getTime() - (now.getTime() % 60_000);
  return minuteStart + (next - minute) * 60_000;
}
