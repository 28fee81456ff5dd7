import { describe, expect, it } from 'vitest';
import { longestNotice, meetsNotice, tenderPlan } from './checkout';

describe('tenderPlan', () => {
  it('puts everything on the card for card', () => {
    expect(tenderPlan('card', 2500, 1200)).toEqual({ plan: { method: 'card', ebt_cents: 0, card_cents: 2500 } });
  });
  it('pays the eligible subtotal with EBT and the rest by card', () => {
    expect(tenderPlan('ebt_snap', 2500, 1200)).toEqual({ plan: { method: 'ebt_snap', ebt_cents: 1200, card_cents: 1300 } });
  });
  it('refuses EBT when nothing is eligible', () => {
    expect(tenderPlan('ebt_snap', 2500, 0)).toMatchObject({ field: 'tender' });
  });
  it('takes a split up to the eligible subtotal and refuses more, nothing, or no amount', () => {
    expect(tenderPlan('split', 2500, 1200, 500)).toEqual({ plan: { method: 'split', ebt_cents: 500, card_cents: 2000 } });
    expect(tenderPlan('split', 2500, 1200, 1201)).toMatchObject({ field: 'ebt_cents' });
    expect(tenderPlan('split', 2500, 1200, 0)).toMatchObject({ field: 'ebt_cents' });
    expect(tenderPlan('split', 2500, 1200)).toMatchObject({ field: 'ebt_cents' });
  });
});

describe('catering notice', () => {
  it('is the longest notice of the lines', () => {
    expect(longestNotice([{ catering_notice_hours: 24 }, { catering_notice_hours: 48 }, { catering_notice_hours: 0 }])).toBe(48);
    expect(longestNotice([])).toBe(0);
  });
  it('offers a window only when it starts at least that many hours away', () => {
    const now = { day: '2026-11-27', minute: 9 * 60 + 30 };
    expect(meetsNotice({ day: '2026-11-28', start_time: '09:00' }, now, 24)).toBe(false);
    expect(meetsNotice({ day: '2026-11-28', start_time: '10:00' }, now, 24)).toBe(true);
    expect(meetsNotice({ day: '2026-11-29', start_time: '09:00' }, now, 48)).toBe(false);
    expect(meetsNotice({ day: '2026-11-28', start_time: '09:00' }, now, 0)).toBe(true);
  });
});
