import { describe, expect, it } from 'vitest';
import { validateContact } from './contact-rules';
import { directionsUrl } from './directions';
import { formatDayHours, formatTime, isOpenAt, openingHoursSpecification } from './hours';

const hours = { mon: ['07:00', '22:00'], tue: ['07:00', '22:00'], wed: null, sat: ['06:00', '24:00'] } as const;
const h = hours as unknown as Record<string, [string, string] | null>;

describe('open now', () => {
  it.each([
    ['2026-11-23T11:59:00Z', false], // Mon 06:59 Eastern
    ['2026-11-23T12:00:00Z', true], // Mon 07:00
    ['2026-11-24T02:59:00Z', true], // Mon 21:59
    ['2026-11-24T03:00:00Z', false], // Mon 22:00
    ['2026-11-25T17:00:00Z', false], // Wed closed
    ['2026-11-26T17:00:00Z', false], // Thu not listed
    ['2026-11-29T04:30:00Z', true], // Sat 23:30, open till midnight
  ])('%s → %s', (iso, open) => expect(isOpenAt(h, new Date(iso), 'America/New_York')).toBe(open));

  it('formats hours and schema.org specs', () => {
    expect([formatTime('07:00'), formatTime('21:30'), formatTime('12:00'), formatTime('24:00')]).toEqual([
      '7 AM',
      '9:30 PM',
      '12 PM',
      'Midnight',
    ]);
    expect(formatDayHours(null)).toBe('Closed');
    expect(openingHoursSpecification(h)).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'Saturday',
      opens: '06:00',
      closes: '23:59',
    });
  });

  it('builds an encoded directions link', () => {
    expect(directionsUrl({ address_1: '880 N High St', city: 'Columbus', state: 'OH', postal_code: '43215' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=880%20N%20High%20St%2C%20Columbus%2C%20OH%2C%2043215',
    );
  });
});

describe('contact rules', () => {
  const good = {
    name: 'Casey',
    email: 'casey@example.test',
    phone: '',
    store_id: '1001',
    topic: 'Online order',
    message: 'My order was missing the milk.',
  };
  it('accepts a good message', () => expect(validateContact(good, [1001])).toEqual({}));
  it.each([
    [{ name: ' ' }, 'name', 'Enter your name.'],
    [{ email: 'nope' }, 'email', 'Enter a valid email address, like name@example.com.'],
    [{ phone: 'call me' }, 'phone', 'Enter a phone number with 7 to 20 digits, or leave it empty.'],
    [{ store_id: '' }, 'store_id', 'Choose a store.'],
    [{ store_id: '42' }, 'store_id', 'Choose a store from the list.'],
    [{ topic: 'Spam' }, 'topic', 'Choose a topic.'],
    [{ message: 'short' }, 'message', 'Write at least 10 characters.'],
    [{ message: 'x'.repeat(2001) }, 'message', 'Use at most 2000 characters.'],
  ])('%o → %s', (patch, field, message) => expect(validateContact({ ...good, ...patch }, [1001])).toEqual({ [field]: message }));
});

import { distanceMiles, formatMiles, sortByDistance } from './distance';

describe('distance sort', () => {
  const columbus = { name: 'Columbus', latitude: 39.9788, longitude: -83.0033 };
  const pittsburgh = { name: 'Pittsburgh', latitude: 40.4673, longitude: -79.9606 };
  const annArbor = { name: 'Ann Arbor', latitude: 42.2846, longitude: -83.7453 };
  it('measures miles and sorts nearest first', () => {
    expect(Math.round(distanceMiles(columbus, pittsburgh))).toBeGreaterThan(155);
    expect(Math.round(distanceMiles(columbus, pittsburgh))).toBeLessThan(165);
    const near = sortByDistance([columbus, pittsburgh, annArbor], { latitude: 42.33, longitude: -83.05 });
    expect(near.map((s) => s.name)).toEqual(['Ann Arbor', 'Columbus', 'Pittsburgh']);
    expect(sortByDistance([pittsburgh, columbus], null).map((s) => [s.name, s.distance])).toEqual([
      ['Pittsburgh', null],
      ['Columbus', null],
    ]);
    expect([formatMiles(3.24), formatMiles(158.2)]).toEqual(['3.2 mi', '158 mi']);
  });
});
