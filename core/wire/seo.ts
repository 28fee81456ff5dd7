import { z } from 'zod';
import { hasControlCharacters } from '../security/control-characters';
import { canonicalProblem, imageProblem, SEO_LIMITS } from '../seo/rules';

export * from '../seo/rules';

// The SEO fields as saved (a page's settings.seo; the seo column of products, stores, circulars and recipes):
// one schema for the editor's page settings, the back office's forms and the server's check on save
// (docs/seo.md). The rules it applies are framework-free in core/seo/rules.ts.

// Descriptions may hold line breaks (a textarea); titles and addresses no control characters at all.
const text = (label: string, max: number, lines = false) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} may be at most ${max} characters.`)
    .refine((v) => !hasControlCharacters(lines ? v.replace(/[\n\r\t]/g, ' ') : v), `${label} must not contain control characters.`)
    .optional();

const flag = z.boolean({ error: 'must be on or off' }).optional();

/** The SEO fields as saved; `siteOrigin` (SITE_URL, or the page's origin in the editor) bounds canonical addresses. */
export function seoFieldsSchema(siteOrigin: string | null) {
  const url = (label: string, problem: (v: string) => string | null) =>
    text(label, SEO_LIMITS.url).superRefine((v, ctx) => {
      const p = v === undefined ? null : problem(v);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });
  return z
    .object({
      title: text('The SEO title', SEO_LIMITS.title),
      description: text('The meta description', SEO_LIMITS.description, true),
      canonical: url('The canonical address', (v) => canonicalProblem(v, siteOrigin)),
      noindex: flag,
      nofollow: flag,
      og_title: text('The social title', SEO_LIMITS.title),
      og_description: text('The social description', SEO_LIMITS.description, true),
      og_image: url('The social image', imageProblem),
    })
    .strict();
}

export type SeoFields = z.infer<ReturnType<typeof seoFieldsSchema>>;

/** Stored SEO fields as far as they are valid (a bad stored field is dropped, never served). */
export function readSeo(raw: unknown, siteOrigin: string | null = null): SeoFields {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const shape = seoFieldsSchema(siteOrigin).shape;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || v === '' || !field.safeParse(v).success) continue;
    out[key] = v;
  }
  return out as SeoFields;
}
