import type PhotoSwipe from 'photoswipe';
import type { SlideData } from 'photoswipe';
import type { SiteConfig } from '../../config/site-config';
import { Handler } from '../base';
import { embedUrlOf, shouldOpenLightbox, videoIdOf, type LightboxEnvironment } from './rules';
import { escapeHtml } from '../../security/escape-html';

// Lightbox on PhotoSwipe (this chunk loads only on pages with lightbox links). Links sharing
// data-elementor-lightbox-slideshow open as one gallery; video links open the provider's embed.

const FALLBACK_SIZE = { width: 1200, height: 800 };

function environment(config: SiteConfig): LightboxEnvironment {
  return {
    globalImageLightbox: config.kit.global_image_lightbox === 'yes',
    isEdit: config.environmentMode.edit,
    // Read at each click: the editor changes the preference on the live config.
    editorLightboxPreference: config.user.preferences?.lightbox_enabled_in_editor !== 'no',
  };
}

function linkInfo(a: HTMLAnchorElement) {
  return {
    href: a.getAttribute('href') ?? '',
    hasDownload: a.hasAttribute('download'),
    isVideo: a.hasAttribute('data-elementor-lightbox-video'),
    openLightbox: a.dataset.elementorOpenLightbox,
  };
}

function imageSize(src: string, a: HTMLAnchorElement): Promise<{ width: number; height: number }> {
  const img = a.querySelector('img');
  const w = Number(img?.getAttribute('width'));
  const h = Number(img?.getAttribute('height'));
  if (w > 0 && h > 0 && img?.getAttribute('src') === src) return Promise.resolve({ width: w, height: h });
  return new Promise((resolve) => {
    const probe = new Image();
    probe.onload = () =>
      resolve(probe.naturalWidth && probe.naturalHeight ? { width: probe.naturalWidth, height: probe.naturalHeight } : FALLBACK_SIZE);
    probe.onerror = () => resolve(FALLBACK_SIZE);
    probe.src = src;
  });
}

async function slideOf(a: HTMLAnchorElement): Promise<SlideData> {
  const href = a.getAttribute('href') ?? '';
  const videoUrl = a.getAttribute('data-elementor-lightbox-video') || href;
  const video = a.hasAttribute('data-elementor-lightbox-video') ? videoIdOf(videoUrl) : null;
  if (video) {
    const title = a.getAttribute('aria-label') || a.dataset.elementorLightboxTitle || 'Video';
    return {
      html: `<div class="e-lightbox-video"><iframe src="${escapeHtml(embedUrlOf(video))}" title="${escapeHtml(title)}" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe></div>`,
    };
  }
  const size = await imageSize(href, a);
  const img = a.querySelector('img');
  return { src: new URL(href, location.href).href, ...size, alt: img?.alt ?? a.dataset.elementorLightboxTitle ?? '' };
}

export default class LightboxHandler extends Handler {
  static current: PhotoSwipe | null = null;

  override connect(): void {
    const a = this.element as HTMLAnchorElement;
    this.listen(a, 'click', (event) => {
      const e = event as MouseEvent;
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      if (!shouldOpenLightbox(linkInfo(a), environment(this.config))) return;
      event.preventDefault();
      void this.open(a);
    });
  }

  /**
   * Opens the lightbox on `a` (and its slideshow). An Esc pressed while it is still opening (image sizes
   * being probed, or PhotoSwipe's opening animation, during which PhotoSwipe ignores close) is kept and
   * honoured: the lightbox either never shows or closes as soon as it can. Resolves to null when cancelled.
   */
  async open(a: HTMLAnchorElement): Promise<PhotoSwipe | null> {
    let escaped = false;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') escaped = true;
    };
    document.addEventListener('keydown', onKey, true);
    const stopWatching = (): void => document.removeEventListener('keydown', onKey, true);
    const env = environment(this.config);
    const group = a.dataset.elementorLightboxSlideshow;
    const links = group
      ? [...document.querySelectorAll<HTMLAnchorElement>('a[data-elementor-lightbox-slideshow]')].filter(
          (l) => l.dataset.elementorLightboxSlideshow === group && shouldOpenLightbox(linkInfo(l), env),
        )
      : [a];
    // PhotoSwipe (the bulk of this chunk) is fetched on the first open, with the slides' sizes: a page with
    // lightbox links no longer compiles and runs it at boot (docs/performance.md, Vitals).
    const [{ default: PhotoSwipeClass }, dataSource] = await Promise.all([import('photoswipe'), Promise.all(links.map(slideOf))]);
    if (escaped) {
      stopWatching();
      return null;
    }
    LightboxHandler.current?.destroy();
    const pswp = new PhotoSwipeClass({
      dataSource,
      index: Math.max(0, links.indexOf(a)),
      counter: this.config.kit.lightbox_enable_counter === 'yes' && links.length > 1,
      closeTitle: 'Close (Esc)',
      arrowPrevTitle: 'Previous',
      arrowNextTitle: 'Next',
      returnFocus: true,
    });
    pswp.on('destroy', () => {
      stopWatching();
      if (LightboxHandler.current === pswp) LightboxHandler.current = null;
    });
    pswp.on('openingAnimationEnd', () => {
      stopWatching();
      pswp.element?.classList.add('e-lightbox-ready');
      if (escaped) pswp.close();
    });
    LightboxHandler.current = pswp;
    pswp.init();
    // PhotoSwipe's root is a dialog without a name (axe aria-dialog-name).
    const isVideo = dataSource.length === 1 && 'html' in dataSource[0];
    pswp.element?.setAttribute('aria-label', isVideo ? 'Video player' : links.length > 1 ? 'Image gallery' : 'Image viewer');
    pswp.element?.setAttribute('aria-modal', 'true');
    return pswp;
  }
}
