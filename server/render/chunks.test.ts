import { describe, expect, it } from 'vitest';
import { box, w } from '../../core/wire/document';
import type { Assets } from './assets';
import { chunkLinks, pageChunks } from './chunks';

describe('pageChunks', () => {
  it('lists the chunks of the tree by registry entry and settings, plus the chrome and page-level ones', () => {
    const tree = [
      box('a', [w('b', 'image-carousel', { carousel: [] }), w('c', 'heading', { title: 'x' })], { _animation: 'fadeIn' }),
      box('d', [w('e', 'accordion', {})], { sticky: 'top' }),
    ];
    expect(pageChunks(tree, '<header data-site-header="">', '')).toEqual([
      'accordion',
      'carousel',
      'header',
      'motion',
      'sticky',
      'store-layer',
      'vitals',
    ]);
  });

  it('adds popups, link actions and template preview only when the page uses them; nothing for an empty page', () => {
    expect(pageChunks([], '', '')).toEqual([]);
    expect(
      pageChunks([], '<dialog class="e-popup"><a href="#elementor-action:action=popup:close">x</a></dialog>', '?template_preview=1'),
    ).toEqual(['content-measure', 'link-actions', 'popups', 'template-preview']);
  });

  it('preloads the header cart and the lightbox where the markup has them (every chunk the runtime will load)', () => {
    expect(pageChunks([], '<header data-site-header=""><span data-header-cart=""></span></header>', '')).toEqual([
      'cart-attribution',
      'header',
      'header-cart',
      'store-layer',
      'vitals',
    ]);
    expect(pageChunks([], '<p><a href="/media/a.webp?x=1&amp;y=2">photo</a></p>', '')).toEqual(['lightbox']);
    expect(pageChunks([], '<a class="x" href="https://youtu.be/abc" data-elementor-lightbox-video="">v</a>', '')).toEqual(['lightbox']);
    expect(pageChunks([], '<a href="/media/a.png" data-elementor-open-lightbox="no">x</a><a href="/m/b.jpg" download>y</a>', '')).toEqual(
      [],
    );
    expect(pageChunks([], '<a href="/recipes">Recipes</a>', '')).toEqual([]);
    expect(pageChunks([], '<section class="freshop-content" data-block-id="1011"></section>', '')).toEqual(['block-measure']);
  });
});

describe('chunkLinks', () => {
  // A build where header and vitals share a file, and boot imports its core.
  const files: Record<string, string[]> = {
    'boot-1.js': ['boot-1.js', 'core-1.js'],
    'handler-header-1.js': ['handler-header-1.js', 'shared-1.js', 'core-1.js'],
    'handler-vitals-1.js': ['handler-vitals-1.js', 'shared-1.js', 'shared-vitals-1.js'],
    'handler-carousel-1.js': ['handler-carousel-1.js', 'core-1.js'],
  };
  const assets = {
    runtime: {
      boot: 'boot-1.js',
      chunks: { header: 'handler-header-1.js', vitals: 'handler-vitals-1.js', carousel: 'handler-carousel-1.js' },
      chunkStyles: { carousel: ['css/swiper-1.css'], lightbox: ['css/photoswipe-1.css'] },
    },
    runtimeClosure: (file: string) => files[file] ?? [file],
    runtimeCss: (file: string) => ({ 'css/swiper-1.css': '.swiper{display:block}', 'css/photoswipe-1.css': '.pswp{}' })[file] ?? null,
  } as unknown as Assets;

  it("preloads boot's imports and the chunks boot connects at once, not those connected once the browser is idle", () => {
    const { styles, preloads } = chunkLinks(assets, ['carousel', 'header', 'vitals']);
    const hrefs = preloads.map((tag) => /href="\/assets\/runtime\/([^"]+)"/.exec(tag)?.[1]);
    expect(hrefs).toEqual(['core-1.js', 'handler-carousel-1.js', 'handler-header-1.js', 'shared-1.js']);
    expect(preloads[0]).toBe('<link rel="modulepreload" href="/assets/runtime/core-1.js">');
    expect(styles).toEqual(['<style data-href="css/swiper-1.css">.swiper{display:block}</style>']);
  });

  it("inlines a chunk's stylesheet instead of linking it (no render-blocking request), but not PhotoSwipe's overlay styles", () => {
    const { styles } = chunkLinks(assets, ['carousel', 'lightbox']);
    expect(styles.join('')).not.toContain('<link');
    expect(styles).toEqual(['<style data-href="css/swiper-1.css">.swiper{display:block}</style>']);
  });
});
