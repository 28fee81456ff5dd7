import { z } from 'zod';
import { hasControlCharacters } from '../security/control-characters';
import { siteSettingsProblem, type SiteSettings } from '../config/site-settings';

// A kit file: JSON with a manifest listing its templates (each with doc_type) and each template's element
// tree. The import screen reads the manifest first (import state: enabled + uploadedData.manifest), the
// server checks the whole file again before it imports anything. A kit may also carry the site's Site
// Settings, checked against the same control schemas as the editor's panel (core/config/site-settings.ts).

export const KIT_FORMAT = 'harvest-lane-kit';
export const KIT_FILE_MAX_BYTES = 900 * 1024;
export const DOC_TYPES = ['page', 'section', 'container', 'popup', 'loop-item', 'header', 'footer'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export interface KitManifestTemplate {
  title: string;
  doc_type: DocType;
  folder?: string;
}

export interface KitManifest {
  kit_format: typeof KIT_FORMAT;
  name: string;
  version: string;
  created: string;
  templates: Record<string, KitManifestTemplate>;
}

export interface KitFile {
  manifest: KitManifest;
  templates: Record<string, { content: unknown[] }>;
  /** The published Site Settings of the site that exported the kit; imported as a draft to review. */
  site_settings?: SiteSettings;
}

export interface ImportState {
  enabled: boolean;
  uploadedData: { manifest: KitManifest } | null;
  error: string | null;
}

const plain = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), 'must not contain control characters');

const templateEntry = z.object({
  title: plain(200).refine((v) => v.length > 0, 'a template needs a title'),
  doc_type: z.enum(DOC_TYPES, { error: `doc_type must be one of ${DOC_TYPES.join(', ')}` }),
  folder: plain(80).optional(),
});

const manifestSchema = z.object({
  kit_format: z.literal(KIT_FORMAT, { error: 'this is not a Harvest Lane kit' }),
  name: plain(120).refine((v) => v.length > 0, 'the kit needs a name'),
  version: plain(20),
  created: plain(40),
  templates: z
    .record(z.string().regex(/^\d{1,9}$/, 'template ids are numbers'), templateEntry)
    .refine((t) => Object.keys(t).length > 0, 'the kit lists no templates')
    .refine((t) => Object.keys(t).length <= 200, 'a kit holds at most 200 templates'),
});

const kitSchema = z.object({
  manifest: manifestSchema,
  templates: z.record(z.string(), z.object({ content: z.array(z.unknown()).max(100) })),
  site_settings: z.unknown().optional(),
});

export type KitCheck = { ok: true; kit: KitFile } | { ok: false; error: string };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
  return `${issue.message}${where}`;
}

/** Checks a parsed kit: the manifest, and that every template it lists is in the file. */
export function validateKit(value: unknown): KitCheck {
  if (!value || typeof value !== 'object' || !('manifest' in value))
    return { ok: false, error: 'This file is not a kit: it has no manifest.' };
  const parsed = kitSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: `The kit manifest is invalid: ${firstIssue(parsed.error)}.` };
  const kit = parsed.data as KitFile;
  for (const id of Object.keys(kit.manifest.templates)) {
    if (!kit.templates[id]) return { ok: false, error: `The kit manifest is invalid: template ${id} is listed but missing from the file.` };
  }
  if (kit.site_settings !== undefined) {
    const problem = siteSettingsProblem(kit.site_settings);
    if (problem) return { ok: false, error: `The kit's Site Settings are invalid: ${problem.message}` };
  }
  return { ok: true, kit };
}

/** Reads a kit file's text: not JSON, too large or not a kit are clear errors. */
export function readKitText(text: string): KitCheck {
  if (text.length > KIT_FILE_MAX_BYTES)
    return { ok: false, error: `The kit file is larger than ${Math.round(KIT_FILE_MAX_BYTES / 1024)} KB.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not a kit: it is not a JSON kit file.' };
  }
  return validateKit(value);
}

/** The import screen's state after a file was chosen. */
export function importStateFor(check: KitCheck): ImportState {
  return check.ok
    ? { enabled: true, uploadedData: { manifest: check.kit.manifest }, error: null }
    : { enabled: false, uploadedData: null, error: check.error };
}
