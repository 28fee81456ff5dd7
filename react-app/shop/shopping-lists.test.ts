import { describe, expect, it } from 'vitest';
import { listToCartNotice } from './shopping-lists';

describe('listToCartNotice', () => {
  it('says what was added and names what the store cannot sell', () => {
    expect(listToCartNotice({ added: 1, unavailable: [] })).toBe('Added 1 product to your cart.');
    expect(
      listToCartNotice({
        added: 2,
        unavailable: [
          { product_id: 1, name: 'Pinot Noir', reason: 'not_sold' },
          { product_id: 2, name: 'Whole Milk', reason: 'out_of_stock' },
          { product_id: 3, name: 'Brie', reason: 'not_sold' },
        ],
      }),
    ).toBe('Added 2 products to your cart. Not sold at this store: Pinot Noir, Brie. Out of stock: Whole Milk.');
  });
});
