import { describe, expect, it } from 'vitest';
import { dollars, feedColumns, plainStorePriceRow, productFeedRow, promotionFeedRow, storeFeedRow, storePriceFeedRow } from './rows';

// The catalogue's row rules, shared by feed imports and the back office: each guard refuses its probe with the
// message a merchandiser reads next to the field (or the rejected row).

const firstIssue = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? null : { path: r.error!.issues[0].path.join('.'), message: r.error!.issues[0].message };

describe('field rules', () => {
  it.each([
    ['3.99', 399],
    ['$3.99', 399],
    [3.5, 350],
    ['0', 0],
    ['12', 1200],
  ])('reads the price %j as %i cents', (input, cents) => {
    expect(dollars.parse(input)).toBe(cents);
  });

  it.each([
    ['-1.00', 'must not be negative'],
    ['3.999', 'must be a price such as 3.99'],
    ['abc', 'must be a price such as 3.99'],
    ['99999999', 'must be a price such as 3.99'],
  ])('refuses the price %j: %s', (input, message) => {
    expect(firstIssue(dollars.safeParse(input))?.message).toBe(message);
  });
});

describe('feed rows', () => {
  const product = { upc: '012345678905', name: 'Whole Milk', department: 'dairy', price: '3.99' };

  it('keeps text as given, formula-looking cells included', () => {
    const r = productFeedRow.parse({ ...product, name: '=HYPERLINK("http://x","y")', brand: '+1 brand' });
    expect(r).toMatchObject({ name: '=HYPERLINK("http://x","y")', brand: '+1 brand', price: 399 });
  });

  it.each([
    [{ ...product, upc: '12ab' }, 'upc', 'must be 8 to 14 digits'],
    [{ ...product, price: '-0.01' }, 'price', 'must not be negative'],
    [{ ...product, size_unit: 'bushel' }, 'size_unit', expect.stringContaining('must be one of')],
    [{ ...product, snap_eligible: 'yes', tax_category: 'alcohol' }, 'snap_eligible', 'cannot be yes for alcohol items'],
    [{ ...product, snap_eligible: 'yes', tax_category: 'general' }, 'snap_eligible', 'cannot be yes for general items'],
    [{ ...product, nutrition: '{not json' }, 'nutrition', 'must be a JSON object'],
    [{ ...product, attributes: 'organic;sugar_free' }, 'attributes.1', expect.stringContaining('must be among')],
  ])('refuses a product %#: %s', (row, path, message) => {
    expect(firstIssue(productFeedRow.safeParse(row))).toEqual({ path, message });
  });

  it.each([
    [{ store_id: '1001', upc: '012345678905', price: '3.99', member_price: '4.50' }, 'member_price', 'must not be above price'],
    [
      { store_id: '1001', upc: '012345678905', price: '3.99', sale_price: '3.99', sale_start: '2026-01-01', sale_end: '2026-01-07' },
      'sale_price',
      'must be below price',
    ],
    [
      { store_id: '1001', upc: '012345678905', price: '3.99', sale_price: '2.99', sale_start: '2026-01-08', sale_end: '2026-01-07' },
      'sale_end',
      'must not be before sale_start',
    ],
    [{ store_id: '1001', upc: '012345678905', price: '3.99', sale_price: '2.99' }, 'sale_start', 'is required with a sale price'],
    [{ store_id: 'x', upc: '012345678905', price: '3.99' }, 'store_id', 'must be a whole number'],
  ])('refuses a store price %#: %s', (row, path, message) => {
    expect(firstIssue(storePriceFeedRow.safeParse(row))).toEqual({ path, message });
  });

  it('refuses a promotion that ends before it starts, and a date that is not a day', () => {
    const promo = { code: 'P1', upc: '012345678905', sale_price: '1.99', start_date: '2026-03-10', end_date: '2026-03-09' };
    expect(firstIssue(promotionFeedRow.safeParse(promo))).toEqual({ path: 'end_date', message: 'must not be before start_date' });
    expect(firstIssue(promotionFeedRow.safeParse({ ...promo, end_date: '2026-02-30' }))?.path).toBe('end_date');
  });

  it('refuses a store with a lower-case state, an unknown time zone or hours that are not times', () => {
    const store = {
      id: '3001',
      name: 'Hudson',
      slug: 'hudson',
      store_number: '301',
      address_1: '1 Main St',
      city: 'Hudson',
      state: 'NY',
      postal_code: '12534',
      phone: '518-555-0100',
      latitude: '42.25',
      longitude: '-73.79',
    };
    expect(storeFeedRow.safeParse(store).success).toBe(true);
    expect(firstIssue(storeFeedRow.safeParse({ ...store, state: 'ny' }))?.path).toBe('state');
    expect(firstIssue(storeFeedRow.safeParse({ ...store, time_zone: 'Mars/Base' }))?.path).toBe('time_zone');
    expect(firstIssue(storeFeedRow.safeParse({ ...store, hours: '{"mon":["8am","10pm"]}' }))?.path).toBe('hours.mon.0');
  });

  it('names each kind’s required columns', () => {
    expect(feedColumns('store-prices').required).toEqual(['store_id', 'upc', 'price']);
    expect(feedColumns('products').required).toEqual(['upc', 'name', 'department', 'price']);
  });
});

describe('the price file’s fast check', () => {
  it('answers as storePriceFeedRow for every row it accepts, and leaves every refused row to it', () => {
    const cells = {
      store_id: ['1001', '0001', '1', '0', '-3', '2147483647', '2147483648', '99999999999', ' 1001', '10.5', 'x', ''],
      upc: ['012345678905', '12345678', '1234567', '123456789012345', ' 012345678905', '01234567890a', ''],
      price: ['3.99', '$3.99', '3', '3.9', '3.999', '-1.00', '0', '9999999.99', '100000.00', '100000.01', ' 3.99', '$', 'abc'],
      member_price: [undefined, '3.49', '3.99', '4.00', '$1', 'x', '-1'],
      available: [undefined, '1', '0', 'yes', 'No', 'TRUE', 'y', 'n', 'maybe', 'constructor', ' yes', '2'],
      sale_price: [undefined, '2.99'],
    };
    let accepted = 0;
    let checked = 0;
    // Every cell value against a plain neighbour, so each value meets the fast check's every branch.
    const base = { store_id: '1001', upc: '012345678905', price: '3.99' };
    const rows: Array<Record<string, string | undefined>> = [];
    for (const [column, values] of Object.entries(cells)) for (const value of values) rows.push({ ...base, [column]: value });
    for (const price of cells.price) for (const member of cells.member_price) rows.push({ ...base, price, member_price: member });
    for (const row of rows) {
      const values = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== ''));
      const fast = plainStorePriceRow(values);
      const slow = storePriceFeedRow.safeParse(values);
      checked++;
      if (fast === null) continue;
      accepted++;
      expect(slow.success, JSON.stringify(values)).toBe(true);
      expect(fast, JSON.stringify(values)).toEqual(slow.data);
    }
    expect(checked).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(20);
    // The common rows take the fast path.
    expect(plainStorePriceRow({ store_id: '1001', upc: '012345678905', price: '3.99', member_price: '3.49', available: '1' })).toEqual({
      store_id: 1001,
      upc: '012345678905',
      price: 399,
      member_price: 349,
      available: 1,
    });
  });
});
