import { describe, expect, it } from 'vitest';
import { parseTags, productSlugsOf, resolveIn, resolveTags, tagToken, type TagValues } from './tags';
import { nextOpenChange, storeTagValues } from './store-values';
import { escapeHtml } from '../security/escape-html';

const values = (over: Partial<TagValues> = {}): TagValues => ({
  store: {
    name: 'Short North',
    address: '1 High St, Columbus, OH 43215',
    phone: '614-555-0100',
    hours: '7 AM – 10 PM',
    open_now: 'Open now',
    url: '/stores/short-north',
  },
  ad: { title: 'Weekly Ad', dates: 'Nov 25, 2026 – Dec 1, 2026', url: '/circulars/weekly-ad' },
  products: new Map([
    ['bananas', { name: 'Bananas', price: '$0.59', url: '/products/bananas', image: '/media/products/1.svg' }],
    ['gone', null],
    ['', { name: 'Milk', price: null, url: '/products/milk', image: '/media/products/2.svg' }],
  ]),
  firstName: null,
  ...over,
});

describe('dynamic tags', () => {
  it('parses tokens with a product and a fallback, and leaves loop placeholders and unknown tags alone', () => {
    expect(parseTags('{{title}} {{store.name}} {{product.price:bananas|n/a}} {{store.nope}}')).toEqual([
      { group: 'store', name: 'name', arg: undefined, fallback: undefined },
      { group: 'product', name: 'price', arg: 'bananas', fallback: 'n/a' },
    ]);
    expect(tagToken({ group: 'product', name: 'price', arg: 'bananas' })).toBe('{{product.price:bananas}}');
    expect(resolveTags('{{title}} at {{store.nope}}', values())).toBe('{{title}} at {{store.nope}}');
  });

  it('replaces store, ad, product and price tags with the values of this request', () => {
    const text = '{{store.name}}, {{store.hours}} ({{store.open_now}}) · {{ad.dates}} · {{product.name:bananas}} {{product.price:bananas}}';
    expect(resolveTags(text, values())).toBe('Short North, 7 AM – 10 PM (Open now) · Nov 25, 2026 – Dec 1, 2026 · Bananas $0.59');
    // The page's own product (a product template).
    expect(resolveTags('{{product.name}}', values())).toBe('Milk');
  });

  it('shows a safe fallback for a missing product, a product the store does not sell and a visitor without a store', () => {
    expect(resolveTags('[{{product.name:gone}}] {{product.price:gone}}', values())).toBe('[] Price not available');
    expect(resolveTags('{{product.price:never-heard-of}}', values())).toBe('Price not available');
    expect(resolveTags('{{product.price}}', values())).toBe('Price not available'); // Milk: not sold at the store
    expect(resolveTags('{{product.price:gone|Ask in store}}', values())).toBe('Ask in store');
    const noStore = values({ store: null, ad: null });
    expect(resolveTags('{{store.name}} · {{store.url}} · {{ad.url}}', noStore)).toBe(
      'your local store · /store/store-locator · /circulars/weekly-ad',
    );
    expect(resolveTags('Hi {{shopper.first_name|there}}', noStore)).toBe('Hi there');
  });

  it('escapes values for HTML settings and walks nested settings (links, images, repeaters)', () => {
    const v = values({ store: { ...values().store!, name: 'Fish & <Chips>' } });
    expect(resolveTags('<p>{{store.name}}</p>', v, escapeHtml)).toBe('<p>Fish &#38; &#60;Chips&#62;</p>');
    expect(resolveIn({ link: { url: '{{store.url}}' }, items: [{ t: '{{ad.title}}' }], n: 3 }, v)).toEqual({
      link: { url: '/stores/short-north' },
      items: [{ t: 'Weekly Ad' }],
      n: 3,
    });
    expect([...productSlugsOf(['{{product.price:bananas}} {{product.name}}', '{{store.name}}'])].sort()).toEqual(['', 'bananas']);
  });

  it("store values: today's hours and open now in the store's time zone, and when that next changes", () => {
    const store = {
      name: 'S',
      slug: 's',
      phone: '1',
      address_1: '1 High St',
      city: 'Columbus',
      state: 'OH',
      postal_code: '43215',
      is_selectable: true,
      time_zone: 'America/New_York',
      hours: { fri: ['07:00', '22:00'] as [string, string] },
    };
    // Friday 2026-11-27 10:30 in New York (15:30 UTC).
    const at = new Date('2026-11-27T15:30:20Z');
    expect(storeTagValues(store, at)).toMatchObject({
      hours: '7 AM – 10 PM',
      open_now: 'Open now',
      address: '1 High St, Columbus, OH 43215',
    });
    expect(nextOpenChange(store.hours, at, store.time_zone)).toBe(Date.parse('2026-11-28T03:00:00Z')); // 22:00 local
    expect(storeTagValues(store, new Date('2026-11-28T03:30:00Z')).open_now).toBe('Closed now');
    expect(nextOpenChange(store.hours, new Date('2026-11-28T03:30:00Z'), store.time_zone)).toBe(Infinity); // closed for the day: nothing changes before midnight
    expect(storeTagValues({ ...store, is_selectable: false }, at).open_now).toBe('Opening soon');
    // A store on Chicago's clock: 9:30 there, an hour behind, and it closes an hour later in absolute time.
    const chicago = { ...store, time_zone: 'America/Chicago' };
    expect(storeTagValues(chicago, new Date('2026-11-27T13:30:00Z')).open_now).toBe('Open now');
    expect(storeTagValues(store, new Date('2026-11-27T11:30:00Z')).open_now).toBe('Closed now');
    expect(storeTagValues(chicago, new Date('2026-11-27T12:30:00Z')).open_now).toBe('Closed now');
    expect(nextOpenChange(chicago.hours, at, chicago.time_zone)).toBe(Date.parse('2026-11-28T04:00:00Z'));
  });
});
