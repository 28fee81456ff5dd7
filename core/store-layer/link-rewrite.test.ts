// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { linkKind, rewriteLinks, rewriteStoreLink, withHashStoreId } from './link-rewrite';
import { cellar, columbus, plain } from './testing/stores';

const O = 'https://shop.example';

describe('rewriteStoreLink', () => {
  it.each([
    ['/shop', columbus, '/shop#!/?store_id=1001'],
    ['/shop#!/?department=5', columbus, '/shop#!/?department=5&store_id=1001'],
    ['/shop#!/?store_id=7&filter=is_favorite', columbus, '/shop#!/?store_id=1001&filter=is_favorite'],
    ['/shop#!/account', columbus, '/shop#!/account?store_id=1001'],
    // related_shopping_id overrides the shop store id
    ['/shop', cellar, '/shop#!/?store_id=1001'],
    ['/catering/shop', columbus, '/catering/shop#!/?store_id=1090'],
    ['/wine/shop', columbus, '/wine/shop#!/?store_id=1095'],
    ['/wine/shop', cellar, '/wine/shop#!/?store_id=1095'],
    ['/catering', columbus, '/catering#!/?store_id=1090'],
    // no related store: the link loses any stale store id
    ['/catering/shop#!/?store_id=1090', plain, '/catering/shop'],
    ['/shop#!/?store_id=1001', null, '/shop'],
    [`${O}/shop?x=1`, columbus, `${O}/shop?x=1#!/?store_id=1001`],
  ])('%s → %s', (href, store, expected) => {
    expect(rewriteStoreLink(href, store, O)).toBe(expected);
  });

  it.each(['/recipes', '/shopping-list', 'https://other.example/shop', 'mailto:a@b.c', 'javascript:alert(1)', ''])(
    'leaves %s alone',
    (href) => {
      expect(rewriteStoreLink(href, columbus, O)).toBeNull();
    },
  );

  it('knows the link kinds and hash forms', () => {
    expect([linkKind('/shop/'), linkKind('/catering/shop'), linkKind('/wine'), linkKind('/winery')]).toEqual([
      'shop',
      'catering',
      'wine',
      null,
    ]);
    expect(withHashStoreId('', 5)).toBe('#!/?store_id=5');
    expect(withHashStoreId('#!/?store_id=5', null)).toBe('');
  });
});

describe('rewriteLinks (DOM)', () => {
  it('rewrites the links in menus only', () => {
    document.body.innerHTML = `<header data-site-header><a id="a" href="/shop">Shop</a><a id="b" href="/catering/shop">C</a><a id="c" href="/recipes">R</a></header><main><a id="d" href="/shop">in content</a></main>`;
    const n = rewriteLinks([document.querySelector('[data-site-header]')!], columbus, location.origin);
    expect(n).toBe(2);
    expect(document.getElementById('a')!.getAttribute('href')).toBe('/shop#!/?store_id=1001');
    expect(document.getElementById('b')!.getAttribute('href')).toBe('/catering/shop#!/?store_id=1090');
    expect(document.getElementById('c')!.getAttribute('href')).toBe('/recipes');
    expect(document.getElementById('d')!.getAttribute('href')).toBe('/shop');
    // A store change rewrites them again.
    rewriteLinks([document.querySelector('[data-site-header]')!], plain, location.origin);
    expect(document.getElementById('a')!.getAttribute('href')).toBe('/shop#!/?store_id=1004');
    expect(document.getElementById('b')!.getAttribute('href')).toBe('/catering/shop');
  });
});
