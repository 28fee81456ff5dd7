import { describe, expect, it } from 'vitest';
import { isTaxable, orderTotal } from './order-total';
import { minutesUntil, pickupDayError, windowLabel } from './pickup';
import { priceOn } from './price';
import { isCalendarDate, storeDay } from './store-day';
import { unitPrice } from './unit-price';

describe('pickup days', () => {
  it.each([
    ['2026-11-31', 'Choose a real pickup date (YYYY-MM-DD).'],
    ['2026-02-29', 'Choose a real pickup date (YYYY-MM-DD).'],
    ['2026-11-2', 'Choose a real pickup date (YYYY-MM-DD).'],
    ['2026-11-23', 'That pickup date has passed. Choose today or a later day.'],
    ['2026-12-09', 'Choose a pickup date within the next 14 days.'],
    ['2026-11-24', null],
    ['2026-12-08', null],
  ])('%s → %s', (day, error) => expect(pickupDayError(day, '2026-11-24')).toBe(error));

  it('knows leap days', () => {
    expect([isCalendarDate('2028-02-29'), isCalendarDate('2000-02-29')]).toEqual([true, true]);
    expect([isCalendarDate('2027-02-29'), isCalendarDate('2100-02-29')]).toEqual([false, false]);
    // The 14-day window counts February's 29th in a leap year, and not otherwise.
    expect(pickupDayError('2028-02-29', '2028-02-20')).toBeNull();
    expect(pickupDayError('2028-03-05', '2028-02-20')).toBeNull();
    expect(pickupDayError('2028-03-06', '2028-02-20')).toBe('Choose a pickup date within the next 14 days.');
    expect(pickupDayError('2027-03-06', '2027-02-20')).toBeNull();
    expect(pickupDayError('2027-03-07', '2027-02-20')).toBe('Choose a pickup date within the next 14 days.');
    expect(pickupDayError('2027-02-29', '2027-02-20')).toBe('Choose a real pickup date (YYYY-MM-DD).');
  });

  it('counts days and minutes on the store clock', () => {
    expect(storeDay(new Date('2026-11-25T04:30:00Z'), 'America/New_York')).toBe('2026-11-24');
    expect(minutesUntil({ day: '2026-11-25', start_time: '10:00' }, { day: '2026-11-24', minute: 23 * 60 })).toBe(11 * 60);
  });

  it('labels pickup windows', () => {
    expect(windowLabel('10:00', '11:00')).toBe('10–11 AM');
    expect(windowLabel('11:00', '12:00')).toBe('11 AM–12 PM');
  });
});

describe('prices', () => {
  const shelf = { price_cents: 299, sale_price_cents: null, sale_start: null, sale_end: null };
  it('charges the lowest running sale and shows the shelf price as was', () => {
    const ad = [{ sale_price_cents: 209, start_date: '2026-11-18', end_date: '2026-11-24' }];
    expect(priceOn('2026-11-24', shelf, ad)).toEqual({ price_cents: 209, was_cents: 299, sale_ends: '2026-11-24', basis: 'sale' });
    expect(priceOn('2026-11-25', shelf, ad)).toEqual({ price_cents: 299, was_cents: null, sale_ends: null, basis: 'shelf' });
    const own = { ...shelf, sale_price_cents: 199, sale_start: '2026-11-20', sale_end: null };
    expect(priceOn('2026-11-21', own, ad)).toEqual({ price_cents: 199, was_cents: 299, sale_ends: null, basis: 'sale' });
    expect(priceOn('2026-11-19', own, ad).price_cents).toBe(209);
  });
  it('shows unit prices per lb, oz, fl oz and each', () => {
    expect(unitPrice(299, '1 lb')?.label).toBe('$2.99/lb');
    expect(unitPrice(300, '12 oz')?.label).toBe('25.0¢/oz');
    expect(unitPrice(600, '6 ct')?.label).toBe('$1.00/each');
    expect(unitPrice(1500, '750 ml')?.label).toBe('59.1¢/fl oz');
    expect(unitPrice(389, '1 gal')?.label).toBe('3.0¢/fl oz');
    expect(unitPrice(389, 'bunch')).toBeNull();
  });
});

describe('order totals', () => {
  it('adds the fee under $35 and taxes all but groceries at the combined rate', () => {
    expect(
      orderTotal(
        [
          { line_total_cents: 1000, tax_category: 'grocery' },
          { line_total_cents: 1000, tax_category: 'general' },
          { line_total_cents: 1000, tax_category: 'prepared_food' },
          { line_total_cents: 1000, tax_category: 'alcohol' },
        ],
        { state: 'OH', tax_rate_bp: 750 },
      ),
    ).toEqual({
      subtotal_cents: 4000,
      coupon_cents: 0,
      fee_cents: 0,
      tax_cents: 225,
      total_cents: 4225,
    });
    expect(orderTotal([{ line_total_cents: 2000, tax_category: 'general' }], { state: 'PA', tax_rate_bp: 800 })).toEqual({
      subtotal_cents: 2000,
      coupon_cents: 0,
      fee_cents: 495,
      tax_cents: 160,
      total_cents: 2655,
    });
  });

  it('takes coupons off before the fee threshold and the tax', () => {
    const t = orderTotal(
      [
        { line_total_cents: 3600, tax_category: 'general', discount_cents: 200 },
        { line_total_cents: 0, tax_category: 'grocery' },
      ],
      { state: 'OH', tax_rate_bp: 750 },
    );
    // $34.00 after the coupon: under the free-pickup threshold, taxed on the net.
    expect(t).toEqual({ subtotal_cents: 3600, coupon_cents: 200, fee_cents: 495, tax_cents: 255, total_cents: 3400 + 495 + 255 });
  });

  it('taxes groceries only outside the states that exempt them', () => {
    for (const state of ['OH', 'MI', 'PA']) expect(isTaxable('grocery', state)).toBe(false);
    expect(isTaxable('grocery', 'IL')).toBe(true);
    for (const category of ['prepared_food', 'alcohol', 'general']) expect(isTaxable(category, 'OH')).toBe(true);
  });
});
