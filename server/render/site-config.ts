import type { SiteConfig } from '../../core/config/site-config';
import { breakpointsOf, globalStyleCss, type SiteSettings } from '../../core/config/site-settings';
import type { Visitor } from '../auth/visitor';
import type { Store } from '../services/stores';
import { toStoreRef } from '../../core/wire/store';
import type { Assets } from './assets';

export type { SiteSettings } from '../../core/config/site-settings';

export const carouselI18n = {
  a11yCarouselPrevSlideMessage: 'Previous slide',
  a11yCarouselNextSlideMessage: 'Next slide',
  a11yCarouselFirstSlideMessage: 'This is the first slide',
  a11yCarouselLastSlideMessage: 'This is the last slide',
  a11yCarouselPaginationBulletMessage: 'Go to slide {{index}}',
  a11yCarouselSlideLabelMessage: '{{index}} / {{slidesLength}}',
};

export function buildSiteConfig(input: {
  assets: Assets;
  site: SiteSettings;
  visitor: Visitor;
  nonce: string;
  store: Store | null;
  page: Record<string, unknown>;
  edit?: boolean;
  version: string;
}): SiteConfig {
  const { assets, site, visitor, store } = input;
  return {
    environmentMode: { edit: !!input.edit, wpPreview: false, isScriptDebug: false },
    urls: { assets: '/assets/runtime/', uploadUrl: '/wp-json/site/v1/uploads', rest: '/wp-json/', shopApi: '/api/shop/v1/' },
    version: input.version,
    is_rtl: false,
    is_static: false,
    experimentalFeatures: { 'nested-elements': true, container: true },
    responsive: { breakpoints: breakpointsOf(site.kit) },
    kit: site.kit,
    page: input.page,
    i18n: carouselI18n,
    user: siteConfigUser(visitor),
    nonce: input.nonce,
    site: { name: site.name, primaryColor: site.primaryColor, iosLink: site.iosLink, androidLink: site.androidLink },
    store: store ? toStoreRef(store) : null,
    chunks: assets.runtime.chunks,
    chunkStyles: assets.runtime.chunkStyles,
  };
}

/** The kit's global colours and fonts as CSS variables, in the head before anything paints (no flash). */
export function globalStyleTag(site: SiteSettings): string {
  return `<style id="site-global-styles">${globalStyleCss(site.kit).replace(/</g, '\\3c ')}</style>`;
}

/** The visitor as the runtime sees it (filled per request into a signed-in page's shared render). */
export function siteConfigUser(visitor: Visitor): SiteConfig['user'] {
  return { id: visitor.user?.id ?? 0, segment_ids: visitor.user?.segment_ids ?? [], roles: visitor.user?.roles ?? [] };
}

/** JSON inside <script> must not be able to close the tag or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
