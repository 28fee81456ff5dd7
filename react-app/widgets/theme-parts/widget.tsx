import type { ReactNode } from 'react';
import type { RenderContext, WidgetDefinition } from '../types';

// The parts of the site a theme template places (docs/editor.md, "Theme builder"): the site header (logo, store,
// menu, search, cart), the site footer, and a page's own content (the store page's details, a listing page's
// document). The server hands each one's markup in through `ctx.theme`; the editor shows what will go there. On a
// page that is not a theme template they show nothing (the site has one header).

function part(type: string, title: string, pick: (t: NonNullable<RenderContext['theme']>) => ReactNode, what: string) {
  const def: WidgetDefinition = {
    type,
    title,
    frontendSettings: [],
    // Hidden: the template's pages go without the part (a landing page without the site header or footer).
    controls: [{ key: 'part_hidden', label: `Hide the ${title.toLowerCase()} on these pages`, type: 'switcher' }],
    render: (s, ctx) => {
      if (s.part_hidden === 'yes') return null;
      const shown = ctx.theme ? pick(ctx.theme) : undefined;
      if (shown !== undefined && shown !== null) return shown;
      return ctx.isEdit ? <p className="theme-part-placeholder">{what}</p> : null;
    },
  };
  return def;
}

export const themeSiteHeader = part(
  'theme-site-header',
  'Site header',
  (t) => t.header,
  'The site header: logo, store, menu, search and cart.',
);
export const themeSiteFooter = part('theme-site-footer', 'Site footer', (t) => t.footer, 'The site footer: links and back to top.');
export const themeContent = part(
  'theme-content',
  'Page content',
  (t) => t.content,
  "The page's own content: the product, recipe, store or listing this template shows.",
);
