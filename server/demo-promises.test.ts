import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FREE_PICKUP_FROM_CENTS, orderTotal, PICKUP_FEE_CENTS } from '../core/shop/order-total';
import { PICKUP_DAYS_AHEAD } from '../core/shop/pickup';
import { contentBlocks } from '../fixtures/content-blocks';
import { documents } from '../fixtures/pages';

// Nothing a seeded page says may promise what the shop does not do. The shop charges $4.95 for pickup under
// $35 whether or not it is the first order, has no delivery, takes no promo codes, runs no points scheme and
// no blanket percentage-off deals outside its promotions, circulars and coupons. Each sentence of the demo
// content is checked against those rules, which are read from the pricing code itself where they live there.

/** Every text a visitor can read in the seeded content: content blocks, documents, and widget defaults. */
function seededTexts(): Array<{ where: string; text: string }> {
  const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  const out = contentBlocks.map((b) => ({ where: `content block ${b.id}`, text: plain(b.html) }));
  for (const d of documents) out.push({ where: `document ${d.slug}`, text: plain(JSON.stringify([d.title, d.tree, d.settings ?? {}])) });
  out.push({ where: 'floating bars default', text: readFileSync('react-app/widgets/contact-buttons/widget.tsx', 'utf8') });
  return out;
}

const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/** Sentences that promise something the shop does not do, with the reason. */
function brokenPromises(texts: ReadonlyArray<{ where: string; text: string }>): string[] {
  const out: string[] = [];
  for (const { where, text } of texts) {
    for (const m of text.matchAll(/(free pickup|pickup is free)[^.!<"]*/gi)) {
      const threshold = /\$(\d+(?:\.\d\d)?)/.exec(m[0]);
      if (!threshold || Math.round(Number(threshold[1]) * 100) !== FREE_PICKUP_FROM_CENTS)
        out.push(`${where}: "${m[0]}" (pickup is free from ${dollars(FREE_PICKUP_FROM_CENTS)}, for every order)`);
    }
    if (/\bdeliver(y|ies|ed)?\b/i.test(text)) out.push(`${where}: mentions delivery (the shop offers pickup only)`);
    if (/\bcode\s+\S*[A-Z0-9]{4,}/.test(text) || /promo code|coupon code/i.test(text))
      out.push(`${where}: a promo code (checkout takes none)`);
    if (/double points|\bpoints on\b/i.test(text)) out.push(`${where}: a points scheme (there is none)`);
    if (/\b\d+% off this week\b|\bare \d+% off\b/i.test(text)) out.push(`${where}: a blanket discount no promotion runs`);
    if (/ad by email|sign up for the weekly ad|our newsletter|email newsletter/i.test(text))
      out.push(`${where}: an email newsletter (the shop sends none)`);
    if (/order by \d+ ?(am|pm) for same-day/i.test(text)) out.push(`${where}: a same-day cut-off the pickup rules do not have`);
  }
  return out;
}

describe('the demo content promises only what the shop does', () => {
  it('no seeded sentence promises free pickup on a first order, delivery, codes, points or blanket discounts', () => {
    expect(brokenPromises(seededTexts())).toEqual([]);
  });

  it('the free-pickup promise the banner makes is the one order pricing keeps', () => {
    const banner = contentBlocks.find((b) => b.id === 1001)!;
    expect(banner.html).toContain(`Free pickup on orders of ${dollars(FREE_PICKUP_FROM_CENTS)} or more`);
    // A first order of $20 pays the fee; one at the threshold does not.
    expect(orderTotal([{ line_total_cents: 2000, tax_category: 'grocery' }], { state: 'OH', tax_rate_bp: 750 }).fee_cents).toBe(
      PICKUP_FEE_CENTS,
    );
    expect(
      orderTotal([{ line_total_cents: FREE_PICKUP_FROM_CENTS, tax_category: 'grocery' }], { state: 'OH', tax_rate_bp: 750 }).fee_cents,
    ).toBe(0);
    expect(PICKUP_DAYS_AHEAD).toBe(14);
  });

  it('catches the promises the demo used to make (probe)', () => {
    const old = [
      'Free pickup on your first online order.',
      'Free pickup on your first order this week.',
      'Pickup orders have no minimum; delivery starts at $35.',
      'Pickup is free at every store.',
      'Use code FRESH5 on an online order of $50 or more this week.',
      'Welcome back! Your weekly staples are 10% off this week.',
      'Loyalty member bonus: double points on produce.',
      'Order by 2pm for same-day pickup.',
      'Get the weekly ad by email',
    ];
    expect(brokenPromises(old.map((text, i) => ({ where: String(i), text })))).toHaveLength(old.length);
  });
});
