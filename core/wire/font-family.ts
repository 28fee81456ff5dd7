// One grammar for a CSS font-family list, used by the check on save (core/wire/settings-validation.ts: a message
// next to the field) and by every renderer that writes one into a stylesheet (global fonts, element typography):
// what saves is exactly what renders, and nothing else can reach a rule.
//
//   list   = family ( "," family )*
//   family = quoted | idents
//   quoted = '"' chars '"'  |  "'" chars "'"     chars: no quote of that kind, no \ < > ; { } or line break
//   idents = ident ( " " ident )*                  ident: a letter, _ or - first, then letters, digits, _ or -

export const FONT_FAMILY_MAX = 200;
const IDENT = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;
const FORBIDDEN_IN_QUOTES = /[\\<>;{}\n\r]/;

/** Why a font-family list cannot be used (a sentence for the field), or null when it can (empty: the default). */
export function fontFamilyProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (v.length > FONT_FAMILY_MAX) return `Use at most ${FONT_FAMILY_MAX} characters.`;
  const families: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of v) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (ch === ',') {
      families.push(current);
      current = '';
    } else current += ch;
  }
  if (quote) return `A quote is not closed: end the name with ${quote}, e.g. "Open Sans", serif.`;
  families.push(current);
  for (const raw of families) {
    const family = raw.trim();
    if (family === '') return 'A font name is missing between two commas.';
    const first = family[0];
    if (first === '"' || first === "'") {
      if (family.length < 2 || family[family.length - 1] !== first || family.slice(1, -1).includes(first))
        return 'Put each quoted font name in its own pair of quotes, separated by commas.';
      if (FORBIDDEN_IN_QUOTES.test(family.slice(1, -1))) return 'A quoted font name cannot hold \\ < > ; { } or a line break.';
      if (family.slice(1, -1).trim() === '') return 'A quoted font name cannot be empty.';
      continue;
    }
    if (!family.split(/\s+/).every((word) => IDENT.test(word)))
      return 'Use font names of letters, digits, - and _ (put other names in quotes, e.g. "Font 1"), separated by commas.';
  }
  return null;
}

/** The list as a stylesheet may hold it, or null when it does not follow the grammar (or is empty). */
export function safeFontFamily(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return fontFamilyProblem(value) === null ? value.trim() : null;
}
