// Store hours: { mon: ['07:00','22:00'] | null, … } in the store's local time: each store has its own zone (its
// `time_zone`, set in the back office), so every function here takes it (docs/architecture.md, "Store time").

export type DayKey = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type StoreHours = Partial<Record<DayKey, [string, string] | null>>;

export const DAYS: Array<[DayKey, string]> = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
];

const minutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
};

/** The weekday and minutes since midnight of an instant in a time zone. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function localTime(at: Date, timeZone: string): { day: DayKey; minute: number } {
  // One formatter per zone (building one costs far more than using it), kept once the zone is known to be valid.
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').toLowerCase().slice(0, 3) as DayKey;
  return { day, minute: (Number(get('hour')) % 24) * 60 + Number(get('minute')) };
}

/** Open now: today's hours, in the store's zone, hold the time (a close of 24:00 means midnight). */
export function isOpenAt(hours: StoreHours, at: Date, timeZone: string): boolean {
  const { day, minute } = localTime(at, timeZone);
  const today = hours[day];
  if (!today) return false;
  return minute >= minutes(today[0]) && minute < minutes(today[1]);
}

/** '07:00' → '7 AM', '21:30' → '9:30 PM', '24:00' → 'Midnight'. */
export function formatTime(hhmm: string): string {
  const total = minutes(hhmm);
  if (total === 24 * 60 || total === 0) return 'Midnight';
  const h = Math.floor(total / 60);
  const m = total % 60;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${suffix}`;
}

export function formatDayHours(range: [string, string] | null | undefined): string {
  return range ? `${formatTime(range[0])} – ${formatTime(range[1])}` : 'Closed';
}

/** schema.org openingHoursSpecification entries. */
export function openingHoursSpecification(hours: StoreHours): Array<Record<string, string>> {
  return DAYS.filter(([k]) => hours[k]).map(([k, name]) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: name,
    opens: hours[k]![0],
    closes: hours[k]![1] === '24:00' ? '23:59' : hours[k]![1],
  }));
}
