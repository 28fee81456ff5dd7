import { describe, expect, it } from 'vitest';
import type { StoreRules } from '../wire/store';
import { cellar, columbus, dublin, kitchen } from './testing/stores';
import { decideStore, readRequirement } from './store-requirement';

const orphanWine: StoreRules = { id: 9, kind: 'wine', other_attributes: {} };

describe('catering and wine decisions', () => {
  it.each([
    [null, columbus, { action: 'none' }],
    ['catering', kitchen, { action: 'none' }],
    ['catering', columbus, { action: 'set-store', storeId: 1090, then: 'reload' }],
    ['catering', dublin, { action: 'redirect', url: '/catering' }],
    ['catering', null, { action: 'redirect', url: '/catering' }],
    ['catering', cellar, { action: 'redirect', url: '/catering' }],
    ['wine', cellar, { action: 'none' }],
    ['wine', dublin, { action: 'set-store', storeId: 1095, then: 'reload' }],
    ['wine', kitchen, { action: 'redirect', url: '/wine' }],
    ['wine', null, { action: 'redirect', url: '/wine' }],
    ['disallow_special', columbus, { action: 'none' }],
    ['disallow_special', null, { action: 'none' }],
    ['disallow_special', kitchen, { action: 'set-store', storeId: 1001, then: 'reload' }],
    ['disallow_special', cellar, { action: 'set-store', storeId: 1001, then: 'reload' }],
    ['disallow_special', orphanWine, { action: 'none' }],
  ] as const)('%s with %o', (requirement, store, expected) => {
    expect(decideStore(requirement, store)).toEqual(expected);
  });

  it("switches back to the shopper's own shopping store, the related one only when there is none", () => {
    expect(decideStore('disallow_special', cellar, 1008)).toEqual({ action: 'set-store', storeId: 1008, then: 'reload' });
    expect(decideStore('disallow_special', orphanWine, 1008)).toEqual({ action: 'set-store', storeId: 1008, then: 'reload' });
    expect(decideStore('disallow_special', cellar, null)).toEqual({ action: 'set-store', storeId: 1001, then: 'reload' });
    expect(decideStore('disallow_special', dublin, 1008)).toEqual({ action: 'none' });
  });

  it('reads only the known page settings', () => {
    expect(readRequirement({ store_requirement: 'wine' })).toBe('wine');
    expect(readRequirement({ store_requirement: 'beer' })).toBeNull();
    expect(readRequirement({})).toBeNull();
  });
});
