import { Handler } from '../handlers/base';

// Theme-template preview: '?template_preview={id}' scrolls the page to that template's element, the document
// rendered with data-elementor-id="{id}" (or, failing that, an element with data-id="{id}").

export const TEMPLATE_PREVIEW_PARAM = 'template_preview';

/** The template id from a query string; ids are page-builder document ids or 6-character element ids. */
export function templatePreviewId(search: string): string | null {
  const value = new URLSearchParams(search).get(TEMPLATE_PREVIEW_PARAM);
  return value && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : null;
}

export function findTemplateElement(root: ParentNode, id: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-elementor-id="${id}"]`) ?? root.querySelector<HTMLElement>(`[data-id="${id}"]`);
}

export default class TemplatePreview extends Handler {
  override connect(): void {
    const id = templatePreviewId(location.search);
    const target = id ? findTemplateElement(document, id) : null;
    if (!target) return;
    target.classList.add('e-template-preview');
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    target.focus({ preventScroll: true });
  }
}
