import { describe, expect, it } from 'vitest';
import { isShopIntentHref } from './shop-intent';

describe('shop-intent buttons', () => {
  it.each([
    ['/shop', true],
    ['/shop/', true],
    ['/shop#!/cart', true],
    ['/shop#!/?store_id=1001', true],
    ['/catering/shop', true],
    ['/wine/shop?x=1', true],
    ['/catering', false],
    ['/wine', false],
    ['/recipes', false],
    ['/shopping-list', false],
    ['https://elsewhere.example/shop', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s goes into a shop: %s', (href, expected) => {
    expect(isShopIntentHref(href)).toBe(expected);
  });
});
