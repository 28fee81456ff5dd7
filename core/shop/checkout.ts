import { minutesUntil } from './pickup';

// What checkout asks beyond the pickup window (docs/shop.md, "Checkout"): how the shopper will pay at pickup
// (card, EBT SNAP for the eligible items, or a split), a confirmation of age for wine, beer and spirits, and the
// catering notice that rules out windows too soon. The server refuses what these refuse; the cart shows the same.

export const TENDERS = ['card', 'ebt_snap', 'split'] as const;
export type Tender = (typeof TENDERS)[number];

export const TENDER_LABELS: Record<Tender, string> = {
  card: 'Card at pickup',
  ebt_snap: 'EBT SNAP for eligible items, card for the rest',
  split: 'Split: an EBT SNAP amount I choose, card for the rest',
};

/** How an order is paid at pickup: the EBT SNAP part and the card part of its total. */
export interface TenderPlan {
  method: Tender;
  ebt_cents: number;
  card_cents: number;
}

/** The tender plan for an order, or a message naming what is wrong (for the field `tender` or `ebt_cents`). */
export function tenderPlan(
  method: Tender,
  totalCents: number,
  ebtEligibleCents: number,
  splitEbtCents?: number,
): { plan: TenderPlan } | { field: 'tender' | 'ebt_cents'; message: string } {
  if (method === 'card') return { plan: { method, ebt_cents: 0, card_cents: totalCents } };
  if (ebtEligibleCents <= 0) return { field: 'tender', message: 'Nothing in this order can be paid with EBT SNAP. Choose card.' };
  if (method === 'ebt_snap') return { plan: { method, ebt_cents: ebtEligibleCents, card_cents: totalCents - ebtEligibleCents } };
  if (splitEbtCents === undefined) return { field: 'ebt_cents', message: 'Enter the amount to pay with EBT SNAP.' };
  if (splitEbtCents < 1 || splitEbtCents > ebtEligibleCents)
    return {
      field: 'ebt_cents',
      message: `must be between $0.01 and $${(ebtEligibleCents / 100).toFixed(2)}, the EBT SNAP-eligible subtotal`,
    };
  return { plan: { method, ebt_cents: splitEbtCents, card_cents: totalCents - splitEbtCents } };
}

/** Legal age for wine, beer and spirits in every state the shop serves. */
export const LEGAL_DRINKING_AGE = 21;
export const AGE_CONFIRM_TEXT = `I am ${LEGAL_DRINKING_AGE} or over and will show a photo ID at pickup.`;
export const ID_CHECK_TEXT = 'ID check at pickup';

/** The longest catering notice (hours) of the lines: windows must start at least that long from now. */
export const longestNotice = (lines: ReadonlyArray<{ catering_notice_hours: number }>): number =>
  lines.reduce((n, l) => Math.max(n, l.catering_notice_hours), 0);

/** Whether a window starts at least `hours` after the store-local moment `now`. */
export const meetsNotice = (slot: { day: string; start_time: string }, now: { day: string; minute: number }, hours: number): boolean =>
  hours <= 0 || minutesUntil(slot, now) >= hours * 60;

export const noticeText = (hours: number): string =>
  `Catering in your cart needs ${hours} hours' notice: windows sooner than that are not offered.`;
