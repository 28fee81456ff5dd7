import { addDays, isCalendarDate } from './store-day';

// Pickup windows: each store offers hourly windows with a capacity; a shopper holds one while shopping and
// the order takes it. Days are store-local (core/shop/store-day.ts).

export const PICKUP_DAYS_AHEAD = 14;
export const SLOT_CAPACITY = 10;
export const HOLD_MINUTES = 15;
/** Orders can be changed or cancelled until this long before their window starts. */
export const CHANGE_CUTOFF_MINUTES = 120;
export const PICKUP_WINDOWS: ReadonlyArray<readonly [string, string]> = [
  ['09:00', '10:00'],
  ['10:00', '11:00'],
  ['11:00', '12:00'],
  ['12:00', '13:00'],
  ['13:00', '14:00'],
  ['14:00', '15:00'],
  ['15:00', '16:00'],
  ['16:00', '17:00'],
  ['17:00', '18:00'],
  ['18:00', '19:00'],
  ['19:00', '20:00'],
];

/** Why a pickup day cannot be chosen (null when it can): not a real date, in the past, or too far ahead. */
export function pickupDayError(day: string, today: string): string | null {
  if (!isCalendarDate(day)) return 'Choose a real pickup date (YYYY-MM-DD).';
  if (day < today) return 'That pickup date has passed. Choose today or a later day.';
  if (day > addDays(today, PICKUP_DAYS_AHEAD)) return `Choose a pickup date within the next ${PICKUP_DAYS_AHEAD} days.`;
  return null;
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes from a store-local moment (day, minute of day) until a window starts; negative once it started. */
export function minutesUntil(slot: { day: string; start_time: string }, now: { day: string; minute: number }): number {
  const days = Math.round((Date.parse(`${slot.day}T00:00:00Z`) - Date.parse(`${now.day}T00:00:00Z`)) / 86_400_000);
  return days * 24 * 60 + minutesOf(slot.start_time) - now.minute;
}

/** '10:00'–'11:00' → '10–11 AM'; '11:00'–'12:00' → '11 AM–12 PM'. */
export function windowLabel(start: string, end: string): string {
  const part = (hhmm: string) => {
    const h = Number(hhmm.slice(0, 2));
    return { h: h % 12 === 0 ? 12 : h % 12, m: hhmm.slice(3, 5), pm: h >= 12 };
  };
  const a = part(start);
  const b = part(end);
  const fmt = (p: ReturnType<typeof part>) => `${p.h}${p.m === '00' ? '' : `:${p.m}`}`;
  return a.pm === b.pm ? `${fmt(a)}–${fmt(b)} ${b.pm ? 'PM' : 'AM'}` : `${fmt(a)} ${a.pm ? 'PM' : 'AM'}–${fmt(b)} ${b.pm ? 'PM' : 'AM'}`;
}
