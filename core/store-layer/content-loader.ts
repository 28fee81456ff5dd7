import type { ContentAnswer } from '../wire/content-block';
import { contentUrl, type ContentKind, type QueryInput } from './content-query';

// Fills content placeholders ([data-content]) over the content calls. A placeholder already holding the
// answer for the same query is not loaded again. Failures follow docs/behaviour.md: the slider is emptied and hidden;
// banner, call to action and personalised content stay as they were.

export type FetchJson = (url: string) => Promise<unknown>;
export type ApplyHtml = (element: HTMLElement, kind: ContentKind, html: string) => void;

const KINDS = new Set<ContentKind>(['site-banner', 'slider', 'cta', 'personalized-content']);

export function defaultApply(element: HTMLElement, kind: ContentKind, html: string): void {
  element.innerHTML = html;
  if (kind === 'slider') element.hidden = html.trim() === '';
}

export class ContentLoader {
  private readonly loaded = new WeakMap<HTMLElement, string>();

  constructor(
    private readonly fetchJson: FetchJson,
    private readonly apply: ApplyHtml = defaultApply,
  ) {}

  /** The query of a placeholder, without the nonce (it changes on sign-in but not the answer's target). */
  private key(url: string): string {
    return url.replace(/([?&])_wpnonce=[^&]*&?/, '$1');
  }

  /**
   * Marks the slots the server already filled for this visitor ([data-content-loaded]) as loaded for `input`,
   * so the first view makes no content call (docs/behaviour.md: preloaded content is not reloaded twice).
   */
  adopt(root: ParentNode, input: Omit<QueryInput, 'slug' | 'sliderId'>): HTMLElement[] {
    const adopted = [...root.querySelectorAll<HTMLElement>('[data-content][data-content-loaded]')].filter((el) =>
      KINDS.has(el.dataset.content as ContentKind),
    );
    for (const el of adopted) {
      const url = contentUrl(el.dataset.content as ContentKind, {
        ...input,
        slug: el.dataset.slug,
        sliderId: el.dataset.sliderId,
      });
      this.loaded.set(el, this.key(url));
    }
    return adopted;
  }

  /** Forgets what a placeholder holds, so the next load asks again (a scheduled change is due). */
  forget(element: HTMLElement): void {
    this.loaded.delete(element);
  }

  async load(element: HTMLElement, input: Omit<QueryInput, 'slug' | 'sliderId'>): Promise<'loaded' | 'skipped' | 'failed'> {
    const kind = element.dataset.content as ContentKind;
    if (!KINDS.has(kind)) return 'skipped';
    const url = contentUrl(kind, { ...input, slug: element.dataset.slug, sliderId: element.dataset.sliderId });
    const key = this.key(url);
    if (this.loaded.get(element) === key) return 'skipped';
    this.loaded.set(element, key);
    element.setAttribute('aria-busy', 'true');
    try {
      const body = (await this.fetchJson(url)) as Partial<ContentAnswer> | null; // checked below: it comes off the network
      if (typeof body?.html !== 'string') throw new Error('An error occurs');
      if (this.loaded.get(element) !== key) return 'skipped'; // a newer load took over
      this.apply(element, kind, body.html);
      element.dataset.contentLoaded = 'true';
      return 'loaded';
    } catch {
      if (this.loaded.get(element) === key) this.loaded.delete(element);
      if (kind === 'slider') {
        element.innerHTML = '';
        element.hidden = true;
      }
      return 'failed';
    } finally {
      element.removeAttribute('aria-busy');
    }
  }

  loadAll(root: ParentNode, input: Omit<QueryInput, 'slug' | 'sliderId'>): Promise<Array<'loaded' | 'skipped' | 'failed'>> {
    return Promise.all([...root.querySelectorAll<HTMLElement>('[data-content]')].map((el) => this.load(el, input)));
  }
}
