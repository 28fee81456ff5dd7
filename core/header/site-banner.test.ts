// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { VisitorStorage } from '../storage/local-storage';
import { showSiteBanner } from './site-banner';

const markup = (stackable: string) =>
  `<div data-site-banner data-stackable="${stackable}" hidden><div id="c" data-content="site-banner"></div><button data-site-banner-close hidden>×</button></div>`;

describe('site banner', () => {
  it('shows only non-empty, visible html', () => {
    document.body.innerHTML = markup('no');
    const c = document.getElementById('c')!;
    const banner = c.closest<HTMLElement>('[data-site-banner]')!;
    expect(showSiteBanner(c, '', new VisitorStorage())).toBe(false);
    expect(banner.hidden).toBe(true);
    expect(showSiteBanner(c, '<p>  </p>', new VisitorStorage())).toBe(false);
    expect(showSiteBanner(c, '<p>Sale</p>', new VisitorStorage())).toBe(true);
    expect(banner.hidden).toBe(false);
    expect(banner.querySelector<HTMLElement>('[data-site-banner-close]')!.hidden).toBe(true);
  });

  it('in stackable mode can be dismissed and stays dismissed until the banner changes', () => {
    localStorage.clear();
    document.body.innerHTML = markup('yes');
    const c = document.getElementById('c')!;
    const banner = c.closest<HTMLElement>('[data-site-banner]')!;
    const storage = new VisitorStorage();
    showSiteBanner(c, '<p>Sale</p>', storage);
    const close = banner.querySelector<HTMLButtonElement>('[data-site-banner-close]')!;
    expect(close.hidden).toBe(false);
    close.click();
    expect(banner.hidden).toBe(true);
    expect(showSiteBanner(c, '<p>Sale</p>', new VisitorStorage())).toBe(false);
    expect(showSiteBanner(c, '<p>New sale</p>', new VisitorStorage())).toBe(true);
  });
});
