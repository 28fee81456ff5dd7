import { describe, expect, it } from 'vitest';
import { conditionMatches, pickTemplate, templateSpecificity, type ThemePlace } from './conditions';
import { themeSettingsSchema, type ThemeSettings } from '../wire/theme';

const product = (slug: string, departments: string[] = []): ThemePlace => ({ kind: 'product', slug, departments });
const t = (id: number, theme: ThemeSettings) => ({ id, theme });
const single = (subject: string, conditions: ThemeSettings['conditions']): ThemeSettings => ({ location: 'single', subject, conditions });

describe('theme conditions', () => {
  it('matches all, a kind, a department (and below it) and one item by slug', () => {
    const bananas = product('bananas', ['bananas-dept', 'produce']);
    expect(conditionMatches({ rule: 'all' }, bananas)).toBe(true);
    expect(conditionMatches({ rule: 'kind', value: 'product' }, bananas)).toBe(true);
    expect(conditionMatches({ rule: 'kind', value: 'recipe' }, bananas)).toBe(false);
    expect(conditionMatches({ rule: 'department', value: 'produce' }, bananas)).toBe(true);
    expect(conditionMatches({ rule: 'department', value: 'dairy' }, bananas)).toBe(false);
    expect(conditionMatches({ rule: 'product', value: 'bananas' }, bananas)).toBe(true);
    expect(conditionMatches({ rule: 'product', value: 'apples' }, bananas)).toBe(false);
    // A store page is not a product in a department, whatever its slug.
    expect(conditionMatches({ rule: 'department', value: 'produce' }, { kind: 'store', slug: 'produce' })).toBe(false);
    expect(conditionMatches({ rule: 'page', value: 'recipes' }, { kind: 'archive', slug: 'recipes' })).toBe(true);
  });

  it('a single template fits only its subject; an exclusion wins over any inclusion; no include applies nowhere', () => {
    const all = single('product', [{ type: 'include', rule: 'all' }]);
    expect(templateSpecificity(all, product('bananas'))).toBe(0);
    expect(templateSpecificity(all, { kind: 'recipe', slug: 'shakshuka' })).toBeNull();
    const exceptOne = single('store', [
      { type: 'include', rule: 'all' },
      { type: 'exclude', rule: 'store', value: 'columbus-short-north' },
    ]);
    expect(templateSpecificity(exceptOne, { kind: 'store', slug: 'columbus-short-north' })).toBeNull();
    expect(templateSpecificity(exceptOne, { kind: 'store', slug: 'dublin' })).toBe(0);
    expect(templateSpecificity(single('product', [{ type: 'exclude', rule: 'product', value: 'x' }]), product('bananas'))).toBeNull();
  });

  it('the most specific template wins: an item over a department over a kind over all; equal ones: the newer', () => {
    const templates = [
      t(1, single('product', [{ type: 'include', rule: 'all' }])),
      t(2, { location: 'header', conditions: [{ type: 'include', rule: 'kind', value: 'product' }] }),
      t(3, single('product', [{ type: 'include', rule: 'department', value: 'produce' }])),
      t(4, single('product', [{ type: 'include', rule: 'product', value: 'bananas' }])),
      t(5, single('product', [{ type: 'include', rule: 'kind', value: 'product' }])),
    ];
    expect(pickTemplate(templates, 'single', product('bananas', ['produce']))?.id).toBe(4);
    expect(pickTemplate(templates, 'single', product('apples', ['produce']))?.id).toBe(3);
    expect(pickTemplate(templates, 'single', product('milk', ['dairy']))?.id).toBe(5);
    expect(pickTemplate(templates, 'header', product('milk'))?.id).toBe(2);
    expect(pickTemplate(templates, 'header', { kind: 'page', slug: 'home' })).toBeNull();
    expect(pickTemplate(templates, 'footer', product('milk'))).toBeNull();
    // Equally specific: the newer (higher id) wins, whatever the order they come in.
    const tie = [t(9, single('product', [{ type: 'include', rule: 'all' }])), t(7, single('product', [{ type: 'include', rule: 'all' }]))];
    expect(pickTemplate(tie, 'single', product('milk'))?.id).toBe(9);
  });

  it('the settings schema refuses a subject that does not fit, an unknown rule and a missing value (each on its field)', () => {
    const issues = (v: unknown) => {
      const r = themeSettingsSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(issues({ location: 'single', subject: 'product', conditions: [{ type: 'include', rule: 'all' }] })).toEqual([]);
    expect(issues({ location: 'single', subject: 'page', conditions: [] })).toEqual(['subject']);
    expect(issues({ location: 'header', subject: 'product', conditions: [] })).toEqual(['subject']);
    expect(issues({ location: 'footer', conditions: [{ type: 'include', rule: 'weekday' }] })).toEqual(['conditions.0.rule']);
    expect(issues({ location: 'footer', conditions: [{ type: 'include', rule: 'department' }] })).toEqual(['conditions.0.value']);
    expect(issues({ location: 'footer', conditions: [{ type: 'include', rule: 'kind', value: 'cart' }] })).toEqual(['conditions.0.value']);
    expect(issues({ location: 'footer', conditions: Array.from({ length: 51 }, () => ({ type: 'include', rule: 'all' })) })).toEqual([
      'conditions',
    ]);
  });
});
