import type { Rate } from '../measure/confidence';

// Measured content as /wp-json/site/v1/content-performance answers it (server/services/measures) and the
// content performance screen reads it.

/** Counts of one day, subject, variant, store and audience. */
export interface DayRow {
  day: string;
  subject_type: string;
  subject_id: number;
  variant: string;
  store_id: number | null;
  audience: string;
  impression: number;
  click: number;
  close: number;
  add_to_cart: number;
}

export interface VariantSummary {
  subject_type: string;
  subject_id: number;
  variant: string;
  impressions: number;
  clicks: number;
  click_through: Rate;
}

export interface Performance {
  days: DayRow[];
  variants: VariantSummary[];
  /** Per subject: the variant whose click-through interval lies above the other's, else null. */
  winners: Array<{ subject_type: string; subject_id: number; winner: 'A' | 'B' | null }>;
  /** Events the server refused in the period (no matching impression, no such variant, over a visitor's budget…). */
  refused: { total: number; by_reason: Record<string, number> };
}
