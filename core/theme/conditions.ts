import type { ConditionRule, PageKind, ThemeCondition, ThemeLocation, ThemeSettings } from '../wire/theme';

// Which theme template a page gets (docs/editor.md, "Theme builder"). A template applies to a page when one of
// its include conditions matches it and none of its exclude conditions does; a template without an include
// condition applies nowhere. Of the templates that apply, the most specific wins: the specificity of a template
// for a page is that of its most specific matching include. One product, recipe, store, page or listing by
// name (3) beats a department (2), which beats a whole kind of page (1), which beats "all" (0). Two templates
// equally specific: the newer one (higher id) wins, so a new template can override a seeded default.

/** The page being rendered, as conditions see it. */
export interface ThemePlace {
  kind: PageKind;
  /** The page's, product's, recipe's or store's slug; for a listing, what it lists (recipes, products). */
  slug: string;
  /** A product's department slugs: its own and every one above it. */
  departments?: readonly string[];
}

export interface ThemeTemplateRef {
  id: number;
  theme: ThemeSettings;
}

export const SPECIFICITY: Record<ConditionRule, number> = {
  all: 0,
  kind: 1,
  department: 2,
  product: 3,
  recipe: 3,
  store: 3,
  page: 3,
  archive: 3,
};

/** Whether a template of this location (and subject) can be used on the page at all. */
export function locationFits(theme: Pick<ThemeSettings, 'location' | 'subject'>, place: ThemePlace): boolean {
  if (theme.location === 'single') return place.kind === theme.subject;
  if (theme.location === 'archive') return place.kind === 'archive' && place.slug === theme.subject;
  return true; // header and footer go round every page
}

export function conditionMatches(c: Pick<ThemeCondition, 'rule' | 'value'>, place: ThemePlace): boolean {
  switch (c.rule) {
    case 'all':
      return true;
    case 'kind':
      return place.kind === c.value;
    case 'department':
      return place.kind === 'product' && c.value !== undefined && (place.departments ?? []).includes(c.value);
    case 'archive':
      return place.kind === 'archive' && place.slug === c.value;
    case 'page': // a listing is a page too (/recipes, /products)
      return (place.kind === 'page' || place.kind === 'archive') && place.slug === c.value;
    default:
      return place.kind === c.rule && place.slug === c.value;
  }
}

/** How specifically the template targets the page, or null when it does not apply there. */
export function templateSpecificity(theme: ThemeSettings, place: ThemePlace): number | null {
  if (!locationFits(theme, place)) return null;
  if (theme.conditions.some((c) => c.type === 'exclude' && conditionMatches(c, place))) return null;
  let best: number | null = null;
  for (const c of theme.conditions)
    if (c.type === 'include' && conditionMatches(c, place)) best = Math.max(best ?? -1, SPECIFICITY[c.rule]);
  return best;
}

/** The template of `location` the page gets, or null (then the page is built as it always was). */
export function pickTemplate<T extends ThemeTemplateRef>(templates: readonly T[], location: ThemeLocation, place: ThemePlace): T | null {
  let chosen: T | null = null;
  let chosenScore = -1;
  for (const t of templates) {
    if (t.theme.location !== location) continue;
    const score = templateSpecificity(t.theme, place);
    if (score === null) continue;
    if (score > chosenScore || (score === chosenScore && chosen !== null && t.id > chosen.id)) {
      chosen = t;
      chosenScore = score;
    }
  }
  return chosen;
}
