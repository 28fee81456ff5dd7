import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { artFor, FALLBACK_ART, productKinds } from '../../core/catalogue/product-kinds';
import { RECIPE_ART_NAMES, recipeArt } from '../../core/catalogue/recipe-art';
import { WIDGET_ICONS } from '../../core/catalogue/widget-icons';
import { escapeHtml } from '../../core/security/escape-html';

// Product and recipe pictures: the named icon of the product's kind (core/catalogue/product-kinds.ts) or of
// the recipe's dish, drawn on a light tile. The icons are Fluent Emoji Flat (MIT, installed from the registry
// as @iconify-json/fluent-emoji-flat; docs/catalogue-data.md): our own package's SVG, never a user's.

/** Drawn size: pages set the same width and height on their <img>, so nothing shifts while it loads. */
export const ART_SIZE = 400;

interface Icon {
  body: string;
  width: number;
  height: number;
}

let cache: Map<string, Icon> | null = null;

/** Every icon name the catalogue and recipes can ask for. */
export function artNames(): Set<string> {
  const names = new Set<string>([...Object.values(FALLBACK_ART), ...RECIPE_ART_NAMES, ...Object.keys(WIDGET_ICONS)]);
  for (const kind of productKinds) {
    names.add(kind.image);
    for (const v of kind.varieties) if (v.image) names.add(v.image);
  }
  return names;
}

/**
 * The icons the catalogue uses, read once from the icon set. The set is 9 MB of JSON; only the ~150 icons named
 * by the kinds table and the recipe rules are kept, so the rest is garbage as soon as this returns.
 */
export function loadArt(): Map<string, Icon> {
  if (cache) return cache;
  const file = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json');
  const set = JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, Partial<Icon>>; width?: number; height?: number };
  const out = new Map<string, Icon>();
  for (const name of artNames()) {
    const icon = set.icons[name];
    if (icon?.body) out.set(name, { body: icon.body, width: icon.width ?? set.width ?? 32, height: icon.height ?? set.height ?? 32 });
  }
  cache = out;
  return out;
}

/** The SVG of a named icon on a light tile; an unknown name draws the fallback. */
export function artSvg(name: string, label: string, hue: number): string {
  const icons = loadArt();
  const icon = icons.get(name) ?? icons.get(FALLBACK_ART.unknown)!;
  const pad = icon.width / 6;
  const box = icon.width + 2 * pad;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${box} ${box}" role="img" aria-label="${escapeHtml(label)}">` +
    `<title>${escapeHtml(label)}</title><rect width="${box}" height="${box}" fill="hsl(${Math.round(hue) % 360} 40% 95%)"/>` +
    `<g transform="translate(${pad} ${pad + (icon.width - icon.height) / 2})">${icon.body}</g></svg>`
  );
}

export const productArtSvg = (p: { name: string; kind: string; hue: number }): string => artSvg(artFor(p.kind, p.name), p.name, p.hue);
export const recipeArtSvg = (r: { title: string; hue: number }): string => artSvg(recipeArt(r.title), r.title, r.hue);

/** An icon of the page builder's Icon widgets (core/catalogue/widget-icons.ts) on its own, with no tile. */
export function widgetIconSvg(name: string): string | undefined {
  const icon = Object.hasOwn(WIDGET_ICONS, name) ? loadArt().get(name) : undefined;
  if (!icon) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}" width="${icon.width}" height="${icon.height}">${icon.body}</svg>`;
}
