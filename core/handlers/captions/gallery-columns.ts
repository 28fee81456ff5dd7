import type { Breakpoint } from '../../config/site-config';
import { defaultBreakpoints, responsiveSetting } from '../../config/breakpoints';
import { MASONRY_DEFAULTS } from './masonry';

// Gallery columns and gap per device: the widget's own defaults (tablet at most 2, mobile 1) under the
// editor's values, resolved by the one responsive rule, for the server's CSS and the masonry handler alike.

const clamp = (v: unknown, lo: number, hi: number, fallback: number): number => {
  const n = Math.floor(Number(v && typeof v === 'object' ? (v as { size?: unknown }).size : v));
  return Number.isFinite(n) && String(v) !== '' ? Math.min(hi, Math.max(lo, n)) : fallback;
};

export interface GalleryLayout {
  columns: number;
  spacing: number;
}

export function galleryLayoutFor(
  settings: Record<string, unknown>,
  device: string,
  breakpoints: Record<string, Breakpoint> = defaultBreakpoints,
): GalleryLayout {
  const desktop = clamp(settings.columns, 1, 6, MASONRY_DEFAULTS.columns);
  const withDefaults: Record<string, unknown> = {
    columns_tablet: Math.min(desktop, 2),
    columns_mobile: 1,
    ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== '' && v !== null && v !== undefined)),
  };
  return {
    columns: clamp(responsiveSetting(withDefaults, 'columns', device, breakpoints), 1, 6, desktop),
    spacing: clamp(responsiveSetting(settings, 'gap', device, breakpoints), 0, 100, MASONRY_DEFAULTS.spacing),
  };
}
