import { describe, expect, it } from 'vitest';
import { csvSafeCell, imageSrcset, imageWidths, seoSchema, sizeLabel, storeInput } from './catalogue-admin';
import { promotionInput } from './catalogue-offers';

// The back office's shared rules (docs/catalogue.md): what a spreadsheet may not run, the image sizes, the
// label's size text, and the schemas' refusals the forms show next to their fields.

describe('catalogue admin rules', () => {
  it('prefixes a cell a spreadsheet would run, and only those', () => {
    expect(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvSafeCell)).toEqual([
      `'=HYPERLINK("x")`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['Oat Milk', '', 'a=b', "'quoted"].map(csvSafeCell)).toEqual(['Oat Milk', '', 'a=b', "'quoted"]);
  });

  it('stores the widths up to the original, at least the smallest', () => {
    expect(imageWidths({ width: 800 })).toEqual([160, 320, 640]);
    expect(imageWidths({ width: 1200 })).toEqual([160, 320, 640, 1200]);
    expect(imageWidths({ width: 90 })).toEqual([160]);
    expect(imageSrcset({ key: 'abc12345-ff', alt: '', width: 320, height: 100 })).toBe(
      '/media/catalogue/abc12345-ff-160.webp 160w, /media/catalogue/abc12345-ff-320.webp 320w',
    );
  });

  it('writes the label size from value and unit', () => {
    expect([sizeLabel(12, 'oz'), sizeLabel(0.5, 'gal'), sizeLabel(1.23456, 'lb'), sizeLabel(null, 'oz'), sizeLabel(3, '')]).toEqual([
      '12 oz',
      '0.5 gal',
      '1.235 lb',
      '',
      '',
    ]);
  });

  it('refuses a sale that ends before it starts, naming end_date', () => {
    const r = promotionInput.safeParse({ product_id: 1, sale_price_cents: 100, start_date: '2026-12-10', end_date: '2026-12-09' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['end_date', 'must not be before the start date']]);
  });

  it('refuses SEO fields past their limits and a javascript: canonical', () => {
    for (const seo of [
      { title: 'x'.repeat(201) },
      { description: 'x'.repeat(501) },
      { canonical: 'javascript:alert(1)' },
      { og_image: '//evil.example/x.png' },
    ])
      expect(seoSchema.safeParse(seo).success, JSON.stringify(seo)).toBe(false);
    expect(seoSchema.safeParse({ title: 'Oat milk', canonical: '/products/oat-milk', noindex: false }).success).toBe(true);
  });

  it('refuses store hours that close before they open', () => {
    const hours = { mon: ['22:00', '07:00'], tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
    const r = storeInput.safeParse({ hours });
    expect(r.error?.issues.find((i) => i.path[0] === 'hours')?.path.join('.')).toBe('hours.mon');
  });
});
