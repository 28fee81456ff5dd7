import { Handler } from '../base';
import { isAnchorHash, scrollMargins, type AnchorInfo, type StickyInfo } from './rules';
import { siteHeaderCover } from '../../header/sticky-header';
import { whenIdle, type IdleHandle } from '../../timing/idle';

// Anchors under sticky elements: every sticky element with sticky_anchor_link_offset registers here; one
// page-level manager sets scroll-margin-top on the anchors' targets, recomputed when the body's children
// change or class/style change on a sticky element. The margins matter only once a visitor follows an anchor, and
// computing them lays the page out: at idle, not in the first frames (on /showcase it was one of the long tasks of
// the load, docs/performance.md, Vitals), or at once when an anchor link is pressed before then.

const toOffset = (v: unknown): number | undefined => {
  const raw = v && typeof v === 'object' ? (v as { size?: unknown }).size : v;
  const n = typeof raw === 'number' ? raw : parseFloat(String(raw ?? ''));
  return Number.isFinite(n) ? n : undefined;
};

class AnchorsManager {
  private readonly stickies = new Map<HTMLElement, number | undefined>();
  private readonly applied = new Set<HTMLElement>();
  private bodyObserver: MutationObserver | null = null;
  private stickyObserver: MutationObserver | null = null;
  private pending: IdleHandle | null = null;
  private readonly onPress = (e: Event) => {
    if (this.pending && e.target instanceof Element && e.target.closest('a[href*="#"]')) this.compute();
  };

  add(element: HTMLElement, offset: number | undefined): void {
    this.stickies.set(element, offset);
    if (!this.bodyObserver) {
      this.bodyObserver = new MutationObserver(() => this.schedule());
      this.bodyObserver.observe(document.body, { childList: true });
      document.addEventListener('pointerdown', this.onPress, true);
      document.addEventListener('keydown', this.onPress, true);
    }
    this.observeStickies();
    this.schedule();
  }

  remove(element: HTMLElement): void {
    this.stickies.delete(element);
    this.observeStickies();
    if (!this.stickies.size) {
      this.bodyObserver?.disconnect();
      this.bodyObserver = null;
      document.removeEventListener('pointerdown', this.onPress, true);
      document.removeEventListener('keydown', this.onPress, true);
    }
    this.schedule();
  }

  private observeStickies(): void {
    this.stickyObserver?.disconnect();
    this.stickyObserver = new MutationObserver(() => this.schedule());
    for (const el of this.stickies.keys()) this.stickyObserver.observe(el, { attributes: true, attributeFilter: ['class', 'style'] });
  }

  private schedule(): void {
    this.pending?.cancel();
    this.pending = whenIdle(() => this.compute(), 1000);
  }

  compute(): void {
    this.pending?.cancel();
    this.pending = null;
    const y = window.scrollY;
    const stickies: StickyInfo[] = [...this.stickies].map(([el, offset]) => ({
      id: el.dataset.id ?? '',
      // While stuck the element sits at the viewport top; its parent's flow position stands for its place.
      top: (el.classList.contains('elementor-sticky--active') ? (el.parentElement ?? el) : el).getBoundingClientRect().top + y,
      offset,
    }));
    const targets = new Map<string, HTMLElement>();
    const anchors: AnchorInfo[] = [];
    document.querySelectorAll<HTMLAnchorElement>('a[href*="#"]').forEach((a) => {
      const href = a.getAttribute('href') ?? '';
      const hash = href.startsWith('#') ? href : a.hash && a.pathname === location.pathname ? a.hash : '';
      if (!isAnchorHash(hash) || targets.has(hash)) return;
      const target = document.getElementById(hash.slice(1));
      if (!target) return;
      targets.set(hash, target);
      anchors.push({ href: hash, top: target.getBoundingClientRect().top + y });
    });
    const margins = scrollMargins(stickies, anchors);
    // Sticky elements stick below the site's stuck header (core/handlers/sticky): their targets land below both.
    const cover = margins.size ? siteHeaderCover() : 0;
    for (const el of this.applied) el.style.scrollMarginTop = '';
    this.applied.clear();
    for (const [hash, margin] of margins) {
      const target = targets.get(hash)!;
      target.style.scrollMarginTop = `${Math.round(margin + cover)}px`;
      this.applied.add(target);
    }
  }
}

const manager = new AnchorsManager();

export default class AnchorsHandler extends Handler {
  override connect(): void {
    manager.add(this.element, toOffset(this.settings.sticky_anchor_link_offset));
  }

  override disconnect(): void {
    manager.remove(this.element);
    super.disconnect();
  }
}
