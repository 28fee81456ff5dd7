import type { Breakpoint } from './site-config';

export type DeviceMode = string; // 'mobile' | 'mobile_extra' | 'tablet' | 'tablet_extra' | 'laptop' | 'desktop' | 'widescreen'

/** The page builder's default breakpoints (Elementor's values). */
export const defaultBreakpoints: Record<string, Breakpoint> = {
  mobile: { label: 'Mobile Portrait', value: 767, direction: 'max', is_enabled: true },
  mobile_extra: { label: 'Mobile Landscape', value: 880, direction: 'max', is_enabled: false },
  tablet: { label: 'Tablet Portrait', value: 1024, direction: 'max', is_enabled: true },
  tablet_extra: { label: 'Tablet Landscape', value: 1200, direction: 'max', is_enabled: false },
  laptop: { label: 'Laptop', value: 1366, direction: 'max', is_enabled: false },
  widescreen: { label: 'Widescreen', value: 2400, direction: 'min', is_enabled: false },
};

/** The viewport as the device-mode rule asks it: at most / at least so many CSS pixels wide. */
export interface ViewportWidth {
  atMost(px: number): boolean;
  atLeast(px: number): boolean;
}

/** A known width (the server, tests, a width the editor previews). */
export const widthOf = (width: number): ViewportWidth => ({ atMost: (px) => width <= px, atLeast: (px) => width >= px });

/**
 * The browser's viewport, asked through media queries: reading window.innerWidth forces a layout, and at boot,
 * before the first one, that is the whole page laid out inside the script's task (the longest task of a phone's
 * page load). Without matchMedia (jsdom) the width is read.
 */
export function browserViewport(): ViewportWidth {
  if (typeof matchMedia !== 'function') return widthOf(typeof window === 'undefined' ? 1280 : window.innerWidth);
  return {
    atMost: (px) => matchMedia(`(max-width: ${px}px)`).matches,
    atLeast: (px) => matchMedia(`(min-width: ${px}px)`).matches,
  };
}

/**
 * The device mode of a viewport: the smallest enabled max-breakpoint it fits under, else widescreen when at
 * or above its min value, else desktop.
 */
export function deviceModeOf(viewport: ViewportWidth, breakpoints: Record<string, Breakpoint>): DeviceMode {
  const enabled = Object.entries(breakpoints).filter(([, bp]) => bp.is_enabled);
  const maxes = enabled.filter(([, bp]) => bp.direction === 'max').sort((a, b) => a[1].value - b[1].value);
  for (const [name, bp] of maxes) if (viewport.atMost(bp.value)) return name;
  const wide = enabled.find(([, bp]) => bp.direction === 'min');
  if (wide && viewport.atLeast(wide[1].value)) return wide[0];
  return 'desktop';
}

/** The device mode for a viewport width. */
export const deviceModeFor = (width: number, breakpoints: Record<string, Breakpoint>): DeviceMode =>
  deviceModeOf(widthOf(width), breakpoints);

/** Device names ordered from smallest to largest, desktop in its place; used for per-device setting fallbacks. */
export function orderedDevices(breakpoints: Record<string, Breakpoint>): DeviceMode[] {
  const enabled = Object.entries(breakpoints).filter(([, bp]) => bp.is_enabled);
  const maxes = enabled
    .filter(([, b]) => b.direction === 'max')
    .sort((a, b) => a[1].value - b[1].value)
    .map(([n]) => n);
  const mins = enabled.filter(([, b]) => b.direction === 'min').map(([n]) => n);
  return [...maxes, 'desktop', ...mins];
}

/** Whether a per-device value is set: empty strings and slider values without a size inherit instead. */
export function isSetValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (typeof v === 'object' && !Array.isArray(v) && 'size' in v) {
    const size = (v as { size?: unknown }).size;
    return size !== undefined && size !== null && size !== '';
  }
  return true;
}

/**
 * A responsive setting value for a device: `key_{device}` when set, else the next larger device's value
 * up to desktop (`key`), as the page builder inherits values downward (mobile → tablet → desktop). Devices
 * above desktop (widescreen) fall back to desktop. The one rule for every per-device setting.
 */
export function responsiveSetting<T>(
  settings: Record<string, unknown>,
  key: string,
  device: DeviceMode,
  breakpoints: Record<string, Breakpoint>,
): T | undefined {
  const order = orderedDevices(breakpoints);
  const start = order.indexOf(device);
  const desktopAt = order.indexOf('desktop');
  if (start > desktopAt) {
    const v = settings[`${key}_${device}`];
    if (isSetValue(v)) return v as T;
    return settings[key] as T | undefined;
  }
  for (let i = Math.max(start, 0); i < desktopAt; i++) {
    const v = settings[`${key}_${order[i]}`];
    if (isSetValue(v)) return v as T;
  }
  return settings[key] as T | undefined;
}
