import { formatAddress, type Address } from '../store-layer/directions';
import { formatDayHours, localTime, type StoreHours } from '../store-layer/hours';
import { OPEN_STATUS_LABEL, openStatusOf } from '../store-layer/open-status';
import type { TagValues } from './tags';

// What the store tags show (docs/editor.md, "Dynamic tags"), and how long that stays true: "open now" and
// "hours today" change during the day, so a page showing them must not be kept past the next opening or closing
// (the page cache already ends every entry at the first store's midnight). Each store is on its own clock (`time_zone`).

export type TagStore = Address & {
  name: string;
  slug: string;
  phone: string;
  hours: StoreHours;
  is_selectable: boolean;
  time_zone: string;
};

export function storeTagValues(store: TagStore, now: Date): NonNullable<TagValues['store']> {
  return {
    name: store.name,
    address: formatAddress(store),
    phone: store.phone,
    hours: formatDayHours(store.hours[localTime(now, store.time_zone).day]),
    open_now: OPEN_STATUS_LABEL[openStatusOf(store, now)],
    url: `/stores/${store.slug}`,
  };
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
};

/** The next instant (ms) today, on the store's clock, at which it opens or closes; Infinity when neither happens again today. */
export function nextOpenChange(hours: StoreHours, now: Date, timeZone: string): number {
  const { day, minute } = localTime(now, timeZone);
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
