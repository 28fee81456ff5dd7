// Sticky elements: which device modes they stick on, their offset, and when they count as stuck.
import type { Breakpoint } from '../../config/site-config';
import { defaultBreakpoints, responsiveSetting } from '../../config/breakpoints';

export const STICKY_RESIZE_DEBOUNCE_MS = 300;
export const STICKY_ACTIVE_CLASS = 'elementor-sticky--active';

export interface StickySettings {
  sticky?: 'top' | 'bottom' | '' | string;
  sticky_on?: string[];
  sticky_offset?: number | string | { size?: number | string };
  [key: string]: unknown;
}

const DEFAULT_DEVICES = ['desktop', 'tablet', 'mobile'];

const toNumber = (v: unknown): number => {
  const raw = v && typeof v === 'object' ? (v as { size?: unknown }).size : v;
  const n = typeof raw === 'number' ? raw : parseFloat(String(raw ?? ''));
  return Number.isFinite(n) ? n : 0;
};

/** The offset for the device (sticky_offset_tablet…), through the one responsive rule; desktop by default. */
export function stickyOffset(
  settings: StickySettings,
  device = 'desktop',
  breakpoints: Record<string, Breakpoint> = defaultBreakpoints,
): number {
  return toNumber(responsiveSetting(settings, 'sticky_offset', device, breakpoints));
}

/** Sticky is on for the device mode when the setting is 'top' or 'bottom' and the device is listed. */
export function isStickyOn(settings: StickySettings, deviceMode: string): boolean {
  if (settings.sticky !== 'top' && settings.sticky !== 'bottom') return false;
  const devices = Array.isArray(settings.sticky_on) && settings.sticky_on.length ? settings.sticky_on : DEFAULT_DEVICES;
  // Extra devices inherit from the next larger standard one.
  const base =
    deviceMode === 'widescreen' || deviceMode === 'laptop'
      ? 'desktop'
      : deviceMode === 'tablet_extra'
        ? 'tablet'
        : deviceMode === 'mobile_extra'
          ? 'mobile'
          : deviceMode;
  return devices.includes(deviceMode) || devices.includes(base);
}

/** A top-sticky element is stuck once its top reaches the offset while it was scrolled past its place. */
export function isStuck(input: { rectTop: number; naturalTop: number; scrollY: number; offset: number }): boolean {
  return input.scrollY > 0 && input.naturalTop - input.scrollY <= input.offset && input.rectTop <= input.offset + 0.5;
}
