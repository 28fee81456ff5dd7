import { z } from 'zod';
import type { Performance } from '../../wire/content-performance';
import { SUBJECT_TYPES } from '../../wire/content-event';
import { DEVICES, METRICS } from '../../vitals/thresholds';
import { bool, exactly, int, itemsOf, jsonObject, nullableStr, str } from './common';

// The answers of the calls pages make (content blocks, the loop grid, the contact form, field vitals, measured
// content) and of the editors' reading of them (server/routes/content/, loop/, contact.ts, performance.tsx,
// measures.ts, usage-events.ts).

/** A content call's answer (core/wire/content-block.ts): the block's HTML. */
export const contentHtml = z.object({ html: str });
export const homepage = z.object({ url: str });
export const loopRefresh = z.object({ data: str });
export const contactSent = z.object({ id: int, message: str });
export const usageEventRecorded = z.object({ id: int, event: str, details: jsonObject });

const p75 = z.object(
  Object.fromEntries(METRICS.map((m) => [m, z.number().optional()])) as Record<(typeof METRICS)[number], z.ZodOptional<z.ZodNumber>>,
);
export const vitalsStored = z.object({ stored: int });
export const vitals = z.object({
  path: str.optional(),
  thresholds: z.record(z.enum(METRICS), z.tuple([z.number(), z.number()])),
  devices: z.array(z.object({ path: str, device: z.enum(DEVICES), views: int, p75 })),
});

export const viewOpened = z.object({ view_id: str });
export const eventsAccepted = z.object({ accepted: int, refused: int });
export const variantFor = z.object({ variant: z.enum(['A', 'B']), html: nullableStr });
const variant = z.object({ id: int, subject_type: z.enum(SUBJECT_TYPES), subject_id: int, html: str, created_at: z.number() });
export const variants = itemsOf(variant);
export const variantSaved = variant;
export const variantDeleted = z.object({ deleted: bool });
export const variantPromoted = z.object({ promoted: bool });

const rate = z.object({ rate: z.number(), low: z.number(), high: z.number() });
const performance = z.object({
  days: z.array(
    z.object({
      day: str,
      subject_type: str,
      subject_id: int,
      variant: str,
      store_id: int.nullable(),
      audience: str,
      impression: int,
      click: int,
      close: int,
      add_to_cart: int,
    }),
  ),
  variants: z.array(z.object({ subject_type: str, subject_id: int, variant: str, impressions: int, clicks: int, click_through: rate })),
  winners: z.array(z.object({ subject_type: str, subject_id: int, winner: z.enum(['A', 'B']).nullable() })),
  refused: z.object({ total: int, by_reason: z.record(str, int) }),
});
exactly<z.output<typeof performance>, Performance>(true);
export const contentPerformance = performance.extend({ from: str, to: str });
