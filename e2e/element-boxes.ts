import type { Frame, Page } from '@playwright/test';

// Element boxes of a rendered page, to compare the editor's canvas with the published page (docs/editor.md): the
// preview-fidelity spec and the editor acceptance journey.

const TOLERANCE = 2;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Images loaded, fonts ready and two frames painted, then every element's box in the document root renders:
 * relative to the root's own box, or, for an element that is fixed (itself or an ancestor), to the viewport,
 * which is the same size on both sides. Again until two readings agree (carousels settling).
 */
export async function settledBoxes(target: Page | Frame, rootSelector: string): Promise<Record<string, Box>> {
  // Scrolled through once, as a visitor reading the page: behaviours that wait until their element is near the
  // viewport (a masonry gallery) connect and lazy images load, on both sides alike; then back to the top.
  await target.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
    await frame();
  });
  let last = '';
  for (let i = 0; i < 20; i++) {
    const boxes = await target.evaluate(async (selector) => {
      await Promise.all(
        [...document.images]
          .filter((img) => !img.complete && img.loading !== 'lazy') // a lazy image far below may never load
          .map((img) => new Promise((done) => img.addEventListener('loadend', done, { once: true }))),
      );
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const root = document.querySelector<HTMLElement>(selector);
      if (!root) throw new Error(`no ${selector}`);
      const origin = root.getBoundingClientRect();
      const fixed = (el: Element | null): boolean => {
        for (let e = el; e && e !== root; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
        return false;
      };
      const out: Record<string, { x: number; y: number; w: number; h: number }> = {};
      for (const el of root.querySelectorAll<HTMLElement>('[data-id]')) {
        // Not rendered (a closed accordion item, a tab not chosen): no box, on either side, wherever its root is.
        if (!el.getClientRects().length) {
          out[el.dataset.id!] = { x: 0, y: 0, w: 0, h: 0 };
          continue;
        }
        const r = el.getBoundingClientRect();
        const own = fixed(el);
        out[el.dataset.id!] = {
          x: Math.round(r.left - (own ? 0 : origin.left)),
          y: Math.round(r.top - (own ? 0 : origin.top)),
          w: Math.round(r.width),
          h: Math.round(r.height),
        };
      }
      return JSON.stringify(out);
    }, rootSelector);
    if (boxes === last) return JSON.parse(boxes) as Record<string, Box>;
    last = boxes;
  }
  throw new Error(`the boxes of ${rootSelector} never settled`);
}

export function differences(editor: Record<string, Box>, site: Record<string, Box>): string[] {
  const out: string[] = [];
  for (const id of new Set([...Object.keys(editor), ...Object.keys(site)])) {
    const a = editor[id];
    const b = site[id];
    if (!a || !b) {
      out.push(`${id}: ${a ? 'only in the editor' : 'only on the site'}`);
      continue;
    }
    const off = (['x', 'y', 'w', 'h'] as const).filter((k) => Math.abs(a[k] - b[k]) > TOLERANCE);
    if (off.length) out.push(`${id}: ${off.map((k) => `${k} ${a[k]} vs ${b[k]}`).join(', ')}`);
  }
  return out;
}
