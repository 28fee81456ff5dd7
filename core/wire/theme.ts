import { z } from 'zod';

// Theme templates (docs/editor.md, "Theme builder"): documents of type `theme` whose `settings.theme` says where
// they go (a location) and for which pages (include/exclude conditions). One schema for the editor's panel and
// the server's check on save; the matching rules are framework-free in core/theme/conditions.ts.

export const THEME_LOCATIONS = ['header', 'footer', 'single', 'archive'] as const;
export type ThemeLocation = (typeof THEME_LOCATIONS)[number];

/** What a single template shows: one product, recipe or store page. */
export const SINGLE_SUBJECTS = ['product', 'recipe', 'store'] as const;
export type SingleSubject = (typeof SINGLE_SUBJECTS)[number];

/** What an archive template lists: the listing pages of recipes and products. */
export const ARCHIVE_SUBJECTS = ['recipes', 'products'] as const;
export type ArchiveSubject = (typeof ARCHIVE_SUBJECTS)[number];

/** The kinds of page a condition can name as a whole ("all product pages"). */
export const PAGE_KINDS = ['page', 'product', 'recipe', 'store', 'archive'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * What a condition matches: `all` every page the template's location applies to; `kind` every page of a kind;
 * `department` products in a department (or below it); `product`, `recipe`, `store`, `page` one of them by slug;
 * `archive` a listing (recipes or products).
 */
export const CONDITION_RULES = ['all', 'kind', 'department', 'product', 'recipe', 'store', 'page', 'archive'] as const;
export type ConditionRule = (typeof CONDITION_RULES)[number];

const slugValue = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a slug (lowercase letters, digits and hyphens)')
  .max(160);

export const themeConditionSchema = z
  .object({
    type: z.enum(['include', 'exclude'], { error: 'must be include or exclude' }),
    rule: z.enum(CONDITION_RULES, { error: `must be one of ${CONDITION_RULES.join(', ')}` }),
    value: slugValue.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.rule === 'all') return;
    if (!c.value) ctx.addIssue({ code: 'custom', path: ['value'], message: `Choose what "${c.rule}" names.` });
    else if (c.rule === 'kind' && !(PAGE_KINDS as readonly string[]).includes(c.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `must be one of ${PAGE_KINDS.join(', ')}` });
    else if (c.rule === 'archive' && !(ARCHIVE_SUBJECTS as readonly string[]).includes(c.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `must be one of ${ARCHIVE_SUBJECTS.join(', ')}` });
  });
export type ThemeCondition = z.infer<typeof themeConditionSchema>;

export const themeSettingsSchema = z
  .object({
    location: z.enum(THEME_LOCATIONS, { error: `must be one of ${THEME_LOCATIONS.join(', ')}` }),
    /** single: product | recipe | store; archive: recipes | products; header and footer: none. */
    subject: z.string().max(20).optional(),
    conditions: z.array(themeConditionSchema).max(50, 'at most 50 conditions'),
  })
  .strict()
  .superRefine((t, ctx) => {
    const allowed: readonly string[] = t.location === 'single' ? SINGLE_SUBJECTS : t.location === 'archive' ? ARCHIVE_SUBJECTS : [];
    if (allowed.length && !allowed.includes(t.subject ?? ''))
      ctx.addIssue({ code: 'custom', path: ['subject'], message: `A ${t.location} template shows one of ${allowed.join(', ')}.` });
    if (!allowed.length && t.subject)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: `A ${t.location} template has no subject.` });
  });
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

/** Reads a stored `settings.theme` leniently: a template whose settings do not parse applies nowhere. */
export function readThemeSettings(settings: Record<string, unknown> | undefined): ThemeSettings | null {
  const parsed = themeSettingsSchema.safeParse(settings?.theme);
  return parsed.success ? parsed.data : null;
}
