// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VisitorStorage } from '../storage/local-storage';
import { LEGACY_DISMISSED_KEY, applyLateDismissals, showSiteBanner, wireSiteBanner } from './site-banner';
import { bannerId, dismissedIds, isBannerDismissed, MAX_DISMISSED, SITE_BANNER_COOKIE, withDismissed } from './site-banner-rules';

const markup = (stackable: string, html = '', id = '') =>
  `<div data-site-banner data-stackable="${stackable}"${id ? ` data-banner-id="${id}"` : ''}${html ? '' : ' hidden'}>` +
  `<div id="c" data-content="site-banner">${html}</div><button data-site-banner-close>×</button></div>`;
const parts = () => {
  const c = document.getElementById('c')!;
  const banner = c.closest<HTMLElement>('[data-site-banner]')!;
  return { c, banner, close: banner.querySelector<HTMLButtonElement>('[data-site-banner-close]')! };
};

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(SITE_BANNER_COOKIE, { path: '/' });
});

describe('site banner rules (server and browser)', () => {
  it('keeps the last dismissed ids, each once, and ignores anything else in the cookie', () => {
    expect(dismissedIds(undefined)).toEqual([]);
    expect(dismissedIds('abc.<script>.x1')).toEqual(['abc', 'x1']);
    expect(withDismissed('a.b', 'a')).toBe('b.a');
    expect(withDismissed(undefined, 'a', 'bad id')).toBe('a');
    const many = Array.from({ length: MAX_DISMISSED + 5 }, (_, i) => `i${i}`);
    expect(dismissedIds(withDismissed(undefined, ...many))).toEqual(many.slice(-MAX_DISMISSED));
    expect(isBannerDismissed('a.b', 'b')).toBe(true);
    expect(isBannerDismissed('a.b', 'c')).toBe(false);
  });
});

describe('site banner', () => {
  it('shows only non-empty, visible html (a store change)', () => {
    document.body.innerHTML = markup('no');
    const { c, banner, close } = parts();
    expect(showSiteBanner(c, '')).toBe(false);
    expect(banner.hidden).toBe(true);
    expect(showSiteBanner(c, '<p>  </p>')).toBe(false);
    expect(showSiteBanner(c, '<p>Sale</p>')).toBe(true);
    expect(banner.hidden).toBe(false);
    expect(close.hidden).toBe(true);
  });

  it('in stackable mode can be dismissed, into the cookie the server reads, until the banner changes', () => {
    document.body.innerHTML = markup('yes', '<p>Sale</p>', bannerId('<p>Sale</p>'));
    const { c, banner, close } = parts();
    wireSiteBanner(c);
    close.click();
    expect(banner.hidden).toBe(true);
    expect(isBannerDismissed(Cookies.get(SITE_BANNER_COOKIE), bannerId('<p>Sale</p>'))).toBe(true);
    expect(showSiteBanner(c, '<p>Sale</p>')).toBe(false);
    expect(showSiteBanner(c, '<p>New sale</p>')).toBe(true);
    parts().close.click();
    expect(dismissedIds(Cookies.get(SITE_BANNER_COOKIE))).toEqual([bannerId('<p>Sale</p>'), bannerId('<p>New sale</p>')]);
  });

  it('wiring the server-rendered banner reads neither cookies nor storage', () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get');
    const storage = vi.spyOn(Storage.prototype, 'getItem');
    document.body.innerHTML = markup('yes', '<p>Sale</p>', bannerId('<p>Sale</p>'));
    wireSiteBanner(parts().c);
    expect(cookie).not.toHaveBeenCalled();
    expect(storage).not.toHaveBeenCalled();
    cookie.mockRestore();
    storage.mockRestore();
  });

  it('moves a dismissal kept in local storage by earlier versions into the cookie, once, and hides that banner', () => {
    const html = '<p>Sale &amp; more</p>';
    document.body.innerHTML = markup('yes', html, bannerId(html));
    const { c, banner } = parts();
    // Earlier versions hashed the banner's DOM html.
    new VisitorStorage().set(LEGACY_DISMISSED_KEY, ['old1', bannerId(c.innerHTML)]);
    applyLateDismissals(c);
    expect(banner.hidden).toBe(true);
    const ids = dismissedIds(Cookies.get(SITE_BANNER_COOKIE));
    expect(ids).toContain('old1');
    expect(ids).toContain(bannerId(html));
    expect(new VisitorStorage().get(LEGACY_DISMISSED_KEY)).toBeUndefined();
  });

  it('leaves a banner the visitor never dismissed alone', () => {
    document.body.innerHTML = markup('yes', '<p>Sale</p>', bannerId('<p>Sale</p>'));
    const { c, banner } = parts();
    new VisitorStorage().set(LEGACY_DISMISSED_KEY, ['other']);
    applyLateDismissals(c);
    expect(banner.hidden).toBe(false);
    expect(dismissedIds(Cookies.get(SITE_BANNER_COOKIE))).toEqual(['other']);
    applyLateDismissals(c); // nothing left to move
    expect(dismissedIds(Cookies.get(SITE_BANNER_COOKIE))).toEqual(['other']);
  });

  it('hides a banner dismissed in the cookie after the server rendered it (the page before moved it as the visitor left)', () => {
    const html = '<p>Sale</p>';
    document.body.innerHTML = markup('yes', html, bannerId(html));
    const { c, banner } = parts();
    // The request left without the cookie; the page before wrote it a moment later. Nothing is in storage.
    Cookies.set(SITE_BANNER_COOKIE, withDismissed(undefined, bannerId(html)), { path: '/' });
    const resized = vi.fn();
    window.addEventListener('resize', resized);
    applyLateDismissals(c);
    window.removeEventListener('resize', resized);
    expect(banner.hidden).toBe(true);
    expect(resized).toHaveBeenCalledTimes(1); // the sticky header's threshold changed
  });

  it('keeps a banner that cannot be dismissed, whatever the cookie says', () => {
    const html = '<p>Store closed Monday</p>';
    document.body.innerHTML = markup('no', html, bannerId(html));
    const { c, banner } = parts();
    Cookies.set(SITE_BANNER_COOKIE, withDismissed(undefined, bannerId(html)), { path: '/' });
    applyLateDismissals(c);
    expect(banner.hidden).toBe(false);
  });
});
