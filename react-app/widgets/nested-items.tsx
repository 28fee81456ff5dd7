import type { ReactNode } from 'react';
import type { ElementNode, WidgetContext } from './types';

/**
 * The items of a widget that holds elements (nested tabs, nested accordion): one per child element or per
 * listed title, whichever is more. A widget added with its default titles and no child yet already has its
 * items (with empty panels) instead of rendering nothing; a child dropped in later fills the first panel.
 */
export function nestedItems(
  node: ElementNode,
  ctx: WidgetContext,
  titleOf: (i: number) => string | undefined,
  listed: number,
  fallback: (i: number) => string,
): { titles: string[]; panels: ReactNode[] } {
  const count = Math.max(node.elements.length, listed);
  const titles = Array.from({ length: count }, (_v, i) => titleOf(i) || fallback(i));
  const panels = Array.from({ length: count }, (_v, i) => (node.elements[i] ? ctx.renderElement(node.elements[i]) : null));
  return { titles, panels };
}
