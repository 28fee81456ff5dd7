import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogRows, isValidUpcA, kindOfName, upcA, type CatalogueProduct } from '../../fixtures/catalog';
import { recipes } from '../../fixtures/recipes';
import { storePriceRows } from '../../fixtures/store-prices';
import { stores } from '../../fixtures/stores';
import { formatSize, type SizeUnit } from '../wire/product-label';
import { RECIPE_ART_NAMES, recipeArt } from './recipe-art';
import { artFor, kindByKey, parseSizes, productKinds, type ProductKind } from './product-kinds';

// The demo catalogue is checked the way a shopper would catch it out: sizes that make no sense for the thing
// (salmon in millilitres, eggs by the each, ground coffee by the count), SNAP on diapers, prices outside what a
// grocer charges, bad barcodes, a product without a picture. Each check is a function with a probe that it
// rejects, so a check that stopped looking would fail here.

const catalogue = catalogRows();
const LIQUID: SizeUnit[] = ['fl oz', 'ml', 'l', 'gal', 'qt'];
const WEIGHT: SizeUnit[] = ['lb', 'oz', 'g', 'kg'];
/** Where liquid measures belong (top department / sub-department, or the whole top department). */
const LIQUID_SHELVES = [
  'Beverages',
  'Wine & Spirits',
  'Wine Cellar',
  'Dairy & Eggs / Milk',
  'Dairy & Eggs / Butter & Cream',
  'Pantry / Oils & Vinegars',
  'Pantry / Sauces',
  'Pantry / Breakfast',
  'Frozen / Ice Cream',
  'Pantry / Canned Goods',
  'Deli & Prepared / Soups',
  'Health & Beauty / Personal Care',
  'Household / Cleaning',
  'Household / Laundry',
];
/** Units a kind must be sold in, where the kind itself decides. */
const KIND_UNITS: Record<string, SizeUnit[]> = {
  milk: ['gal', 'qt', 'pt', 'fl oz'],
  'non-dairy-milk': ['gal', 'qt', 'fl oz'],
  eggs: ['ct'],
  salmon: ['lb', 'oz'],
  'white-fish': ['lb', 'oz'],
  shrimp: ['lb', 'oz'],
  'ground-coffee': ['oz', 'lb'],
  'whole-bean-coffee': ['oz', 'lb'],
  diapers: ['ct'],
  'baby-wipes': ['ct'],
  bananas: ['lb'],
};

/** What is wrong with a kind's sizes, as a shopper would put it. */
function sizeProblems(kind: ProductKind): string[] {
  const out: string[] = [];
  const [top, child] = kind.department;
  const liquidOk = LIQUID_SHELVES.includes(top) || LIQUID_SHELVES.includes(`${top} / ${child}`);
  for (const s of kind.sizes) {
    const size = `${kind.key} in ${formatSize(s.value, s.unit)}`;
    if (LIQUID.includes(s.unit) && !liquidOk) out.push(`${size}: a liquid measure for a ${top} product`);
    if (KIND_UNITS[kind.key] && !KIND_UNITS[kind.key].includes(s.unit))
      out.push(`${size}: ${kind.name} is sold in ${KIND_UNITS[kind.key].join(', ')}`);
    if (top === 'Meat & Seafood' && !['lb', 'oz', 'ct'].includes(s.unit)) out.push(`${size}: meat and fish are sold by weight or count`);
    if (top === 'Produce' && LIQUID.includes(s.unit)) out.push(`${size}: produce is not sold by volume`);
    if (kind.key === 'eggs' && s.value % 6 !== 0) out.push(`${size}: eggs come by the half dozen, dozen or 18`);
    if (top === 'Beverages' && WEIGHT.includes(s.unit) && !['Coffee', 'Tea'].includes(child)) out.push(`${size}: a drink sold by weight`);
    if (!(s.min_cents > 0 && s.min_cents <= s.max_cents)) out.push(`${size}: price range ${s.min_cents}–${s.max_cents}`);
    if (s.max_cents > 8 * s.min_cents) out.push(`${size}: price range too wide to be believable`);
  }
  return out;
}

/** Products a SNAP card could wrongly pay for: anything not food for home. */
function snapProblems(products: ReadonlyArray<Pick<CatalogueProduct, 'name' | 'kind' | 'snap_eligible' | 'attributes'>>): string[] {
  return products
    .filter((p) => {
      const kind = kindByKey.get(p.kind);
      const foodForHome = kind !== undefined && (kind.class === 'food' || kind.class === 'deli');
      const snap = p.snap_eligible === 1 || (JSON.parse(p.attributes) as string[]).includes('snap');
      return (
        snap &&
        (!foodForHome ||
          /\b(diapers?|baby wipes|aluminum foil|dishwasher pods|paper towels|bath tissue|bar soap|shampoo|toothpaste|dog food|cat food|cat litter|multivitamin)\b/i.test(
            p.name,
          ))
      );
    })
    .map((p) => p.name);
}

/** Kinds (or varieties) whose picture is not an icon of the set. */
function unmappedArt(kinds: readonly ProductKind[], icons: ReadonlySet<string>): string[] {
  return kinds.flatMap((k) =>
    [k.image, ...k.varieties.flatMap((v) => (v.image ? [v.image] : []))].filter((i) => !icons.has(i)).map((i) => `${k.key}: ${i}`),
  );
}

const iconSet = new Set(
  Object.keys(
    (
      JSON.parse(readFileSync(new URL('../../node_modules/@iconify-json/fluent-emoji-flat/icons.json', import.meta.url), 'utf8')) as {
        icons: object;
      }
    ).icons,
  ),
);

const kindLike = (key: string, department: [string, string], sizes: string, image = 'fish'): ProductKind => ({
  ...productKinds[0],
  key,
  name: key,
  department,
  sizes: parseSizes(sizes),
  image,
  varieties: [{ name: key }],
});

describe('the product kinds table', () => {
  it('sells every kind in sizes and units that fit it', () => {
    expect(productKinds.length).toBeGreaterThan(150);
    expect(productKinds.flatMap(sizeProblems)).toEqual([]);
    expect(kindByKey.get('milk')!.sizes.map((s) => formatSize(s.value, s.unit))).toEqual(['1 gal', '1/2 gal']);
    expect(kindByKey.get('eggs')!.sizes[0]).toMatchObject({ value: 12, unit: 'ct', label: '1 dozen' });
    expect(kindByKey.get('salmon')!.sizes.map((s) => s.unit)).toEqual(['lb']);
  });

  it('the size check rejects salmon in millilitres, eggs by the one, milk by the pound and ground coffee by the count', () => {
    expect(sizeProblems(kindLike('salmon', ['Meat & Seafood', 'Seafood'], '750 ml @8.99-16.99'))).not.toEqual([]);
    expect(sizeProblems(kindLike('eggs', ['Dairy & Eggs', 'Eggs'], '1 ct @0.50-0.99'))).not.toEqual([]);
    expect(sizeProblems(kindLike('milk', ['Dairy & Eggs', 'Milk'], '1 lb @2.99-4.99'))).not.toEqual([]);
    expect(sizeProblems(kindLike('ground-coffee', ['Beverages', 'Coffee'], '6 ct @0.90-1.99'))).not.toEqual([]);
    expect(sizeProblems(kindLike('oranges', ['Produce', 'Citrus'], '750 ml @1.29-2.49'))).not.toEqual([]);
    expect(sizeProblems(kindLike('diapers', ['Baby & Kids', 'Diapers'], '1 lb @9.99-13.99'))).not.toEqual([]);
  });

  it('names every related kind and sells each variety name in one kind only', () => {
    expect(productKinds.flatMap((k) => k.related.filter((r) => !kindByKey.has(r)).map((r) => `${k.key} → ${r}`))).toEqual([]);
    expect(() => kindOfName()).not.toThrow();
  });

  it('gives packaged food its ingredients, allergens and nutrition facts, and non-food none', () => {
    const packagedFood = productKinds.filter((k) => k.class === 'food' && k.brand_in_name);
    expect(packagedFood.length).toBeGreaterThan(80);
    expect(packagedFood.filter((k) => !k.label?.ingredients).map((k) => k.key)).toEqual([]);
    expect(productKinds.filter((k) => k.class === 'nonfood' && k.label).map((k) => k.key)).toEqual([]);
    expect(kindByKey.get('peanut-butter')!.label!.allergens).toContain('peanuts');
  });

  it('taxes and restricts alcohol, and gives catering its notice', () => {
    for (const k of productKinds) {
      if (k.class === 'alcohol')
        expect([k.key, k.tax_category, k.age_restricted, k.snap_eligible]).toEqual([k.key, 'alcohol', true, false]);
      else expect([k.key, k.age_restricted]).toEqual([k.key, false]);
      if (k.catalog === 'catering') expect([24, 48]).toContain(k.catering_notice_hours);
      else expect(k.catering_notice_hours).toBe(0);
    }
    expect(kindByKey.get('rotisserie-chicken')).toMatchObject({ snap_eligible: false, tax_category: 'prepared_food' });
  });
});

describe('product art', () => {
  it('maps every kind, variety and recipe rule to a named icon of Fluent Emoji Flat', () => {
    expect(iconSet.size).toBeGreaterThan(3000);
    expect(unmappedArt(productKinds, iconSet)).toEqual([]);
    expect(RECIPE_ART_NAMES.filter((n) => !iconSet.has(n))).toEqual([]);
  });

  it('fails for a kind without a picture of the set (probe)', () => {
    expect(unmappedArt([kindLike('nappies', ['Baby & Kids', 'Diapers'], '31 ct @9.99-13.99', 'nappy')], iconSet)).toEqual([
      'nappies: nappy',
    ]);
  });

  it('shows a banana as a banana, diapers and foil as their named fallbacks, and a dish by its name', () => {
    expect(artFor('bananas', 'Organic Bananas')).toBe('banana');
    expect(artFor('diapers', 'Diapers Size 3')).toBe('baby-symbol');
    expect(artFor('foil', 'Heavy Duty Aluminum Foil')).toBe('package');
    expect(artFor('frozen-vegetables', 'Polar Pantry Frozen Corn')).toBe('ear-of-corn');
    expect(artFor('no-such-kind', 'Mystery')).toBe('shopping-bags');
    expect(recipeArt('Shrimp Fried Rice')).toBe('cooked-rice');
    expect(recipeArt('Chicken Tikka Masala')).toBe('curry-rice');
  });
});

describe('the generated catalogue', () => {
  const { products, priceRange, departments } = catalogue;
  const kindOf = (p: CatalogueProduct) => kindByKey.get(p.kind)!;

  it('has at least 1,500 products in every department, each of a known kind and one of its sizes', () => {
    expect(products.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    const tops = departments.filter((d) => d.parent_id === null);
    const topOf = new Map(departments.map((d) => [d.id, d.parent_id ?? d.id]));
    const filled = new Set(products.map((p) => topOf.get(p.department_id)));
    expect(tops.filter((t) => !filled.has(t.id)).map((t) => t.title)).toEqual([]);
    for (const catalog of ['grocery', 'catering', 'wine']) expect(products.filter((p) => p.catalog === catalog).length).toBeGreaterThan(10);
    const off = products.filter((p) => !kindOf(p)?.sizes.some((s) => s.value === p.size_value && s.unit === p.size_unit));
    expect(off.map((p) => `${p.name} ${p.size}`)).toEqual([]);
  });

  it('keeps the ids pages and tests name', () => {
    const byId = new Map(products.map((p) => [p.id, p]));
    expect(byId.get(5000)).toMatchObject({ name: 'Honeycrisp Apples', size: '1 lb', price_cents: 299 });
    expect(byId.get(5002)?.name).toBe('Gala Apples');
    expect(byId.get(7000)).toMatchObject({ name: 'Bananas', price_cents: 59, size: '1 lb' });
    expect(byId.get(8501)?.name).toBe('Pinot Noir, Willamette Valley 2022');
    expect(byId.get(5253)?.name).toMatch(/Pilsner Six-Pack$/);
  });

  it('writes none of the wireframe data shoppers caught', () => {
    const text = products.map((p) => `${p.name} ${p.size}`);
    expect(text.filter((t) => /salmon.*\b(ml|fl oz|l)\b/i.test(t) || /orange.*\bml\b/i.test(t) || /diaper.*\blb\b/i.test(t))).toEqual([]);
    expect(products.filter((p) => p.kind === 'eggs' && p.size_value % 6 !== 0)).toEqual([]);
    expect(products.filter((p) => p.kind === 'ground-coffee' && p.size_unit === 'ct')).toEqual([]);
    expect(new Set(products.map((p) => p.description)).size).toBeGreaterThan(150);
  });

  it('flags no non-food product as SNAP-eligible', () => {
    expect(snapProblems(products)).toEqual([]);
    const names = (re: RegExp) => products.filter((p) => re.test(p.name));
    for (const p of names(/Diapers|Baby Wipes|Aluminum Foil|Dishwasher Pods|Paper Towels|Shampoo|Dry Dog Food|Cabernet|Rotisserie Chicken/))
      expect([p.name, p.snap_eligible]).toEqual([p.name, 0]);
    expect(products.find((p) => p.name === 'Whole Milk')?.snap_eligible).toBe(1);
  });

  it('the SNAP check rejects diapers flagged eligible (probe)', () => {
    expect(snapProblems([{ name: 'Diapers Size 3', kind: 'diapers', snap_eligible: 1, attributes: '["snap"]' }])).toEqual([
      'Diapers Size 3',
    ]);
    expect(snapProblems([{ name: 'Whole Milk', kind: 'milk', snap_eligible: 1, attributes: '["snap"]' }])).toEqual([]);
  });

  it('prices every product, and every store shelf, inside its kind’s range for the size', () => {
    const out = products.filter((p) => {
      const [min, max] = priceRange.get(p.id)!;
      return p.price_cents < min || p.price_cents > max;
    });
    expect(out.map((p) => `${p.name} ${p.size} ${p.price_cents}`)).toEqual([]);
    const shelves = storePriceRows(stores, products, priceRange);
    expect(shelves.length).toBeGreaterThan(10_000);
    const bad = shelves.filter((r) => {
      const [min, max] = priceRange.get(r.product_id)!;
      return r.price_cents < min || r.price_cents > max || (r.member_price_cents !== null && r.member_price_cents >= r.price_cents);
    });
    expect(bad).toEqual([]);
    expect(shelves.filter((r) => r.member_price_cents !== null).length).toBeGreaterThan(500);
    expect(shelves.filter((r) => r.available === 0).length).toBeGreaterThan(10);
  });

  it('gives packaged goods a valid, unique UPC-A and loose produce none', () => {
    const coded = products.filter((p) => p.upc !== null);
    expect(coded.length).toBeGreaterThan(1000);
    expect(coded.filter((p) => !isValidUpcA(p.upc!)).map((p) => p.upc)).toEqual([]);
    expect(new Set(coded.map((p) => p.upc)).size).toBe(coded.length);
    expect(products.find((p) => p.id === 7000)?.upc).toBeNull(); // bananas by the pound
    // The check digit is the one a scanner computes (a real code: 036000291452).
    expect(upcA('03600029145')).toBe('036000291452');
    expect(isValidUpcA('036000291453')).toBe(false);
  });

  it('generates at least 200 recipes whose product lines name real products, with steps and times', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(200);
    const names = new Set(products.map((p) => p.name.toLowerCase()));
    const lines = recipes.flatMap((r) => r.ingredients.map((l) => l.split('|')[1].trim()));
    const linked = lines.filter((n) => names.has(n.toLowerCase()));
    expect(linked.length / lines.length).toBeGreaterThan(0.95);
    for (const r of recipes) {
      expect(r.steps.length, r.title).toBeGreaterThanOrEqual(2);
      expect(r.prep + r.cook, r.title).toBeGreaterThan(0);
      expect(r.course.length * r.cuisine.length, r.title).toBeGreaterThan(0);
    }
    expect(new Set(recipes.map((r) => r.title)).size).toBe(recipes.length);
  });
});
