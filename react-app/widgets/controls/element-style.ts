import { safeFontFamily } from '../../../core/wire/font-family';
import type { Breakpoint } from '../../../core/config/site-config';
import { defaultBreakpoints, responsiveSetting } from '../../../core/config/breakpoints';
import { DEVICE_SUFFIXES } from '../../../core/wire/control-schema';
import { CUSTOM_CSS_KEY, customCssChecker, loadCustomCss } from './custom-css-loader';

// The Style and Advanced settings of one element as CSS scoped to it: desktop values first, then one media
// query per smaller device holding only the values set for that device, so the cascade gives the page
// builder's inheritance (mobile → tablet → desktop). Every value is checked before it is written.

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|var\(--[\w-]+\)|transparent)$/i;
const BORDER = new Set(['solid', 'dashed', 'dotted', 'double']);
const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const WEIGHT = /^[1-9]00$/;
const UNITS = new Set(['px', 'em', 'rem', '%', 'vh', 'vw']);

const color = (v: unknown): string | null => (typeof v === 'string' && COLOR.test(v.trim()) ? v.trim() : null);

function size(v: unknown, unit = 'px'): string | null {
  const raw = v && typeof v === 'object' ? (v as { size?: unknown }).size : v;
  const u = v && typeof v === 'object' && typeof (v as { unit?: unknown }).unit === 'string' ? (v as { unit: string }).unit : unit;
  if (raw === '' || raw === null || raw === undefined) return null;
  const n = Number(raw);
  return Number.isFinite(n) && UNITS.has(u) ? `${n}${u}` : null;
}

function box(v: unknown): string | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  const unit = typeof d.unit === 'string' && UNITS.has(d.unit) ? d.unit : 'px';
  const sides = ['top', 'right', 'bottom', 'left'].map((s) => (d[s] === '' || d[s] === undefined ? null : Number(d[s])));
  if (sides.every((n) => n === null) || sides.some((n) => n !== null && !Number.isFinite(n))) return null;
  return sides.map((n) => `${n ?? 0}${n ? unit : ''}`).join(' ');
}

type Rule = (v: unknown) => string | null;

/** Responsive declarations: settings key → CSS for its value (the key's device variants get the same rule). */
const RESPONSIVE: Record<string, Rule> = {
  _typography_font_size: (v) => (size(v) ? `font-size:${size(v)}` : null),
  _text_align: (v) => (typeof v === 'string' && ALIGN.has(v) ? `text-align:${v}` : null),
  _border_radius: (v) => (size(v) ? `border-radius:${size(v)}` : null),
  _margin: (v) => (box(v) ? `margin:${box(v)}` : null),
  _padding: (v) => (box(v) ? `padding:${box(v)}` : null),
  flex_gap: (v) => (size(v) ? `--e-con-gap:${size(v)};gap:${size(v)}` : null),
  flex_direction: (v) => (v === 'row' || v === 'column' ? `--e-con-direction:${v};flex-direction:${v}` : null),
  min_height: (v) => (size(v) ? `min-height:${size(v)}` : null),
};

/** Declarations without device variants. */
const FIXED: Record<string, Rule> = {
  _text_color: (v) => (color(v) ? `color:${color(v)}` : null),
  _background_color: (v) => (color(v) ? `background-color:${color(v)}` : null),
  _typography_font_family: (v) => {
    const family = safeFontFamily(v);
    return family ? `font-family:${family}` : null;
  },
  _typography_font_weight: (v) => (typeof v === 'string' && WEIGHT.test(v) ? `font-weight:${v}` : null),
  _border_border: (v) => (typeof v === 'string' && BORDER.has(v) ? `border-style:${v}` : null),
  _border_width: (v) => (size(v) ? `border-width:${size(v)}` : null),
  _border_color: (v) => (color(v) ? `border-color:${color(v)}` : null),
};

/** Text elements inside a widget that the site stylesheet styles itself (zero specificity, so widgets' own classes still win). */
const TEXT = ':where(h1,h2,h3,h4,h5,h6,p,a,li,span,label,button)';
const TYPOGRAPHY: Array<[string, string]> = [
  ['_typography_font_size', 'font-size'],
  ['_typography_font_family', 'font-family'],
  ['_typography_font_weight', 'font-weight'],
];

const DURATIONS: Record<string, string> = { slow: '2s', fast: '0.75s' };

function declarations(settings: Record<string, unknown>, suffix: string): string[] {
  const out: string[] = [];
  for (const [key, rule] of Object.entries(RESPONSIVE)) {
    const css = rule(settings[suffix ? `${key}_${suffix}` : key]);
    if (css) out.push(css);
  }
  return out;
}

/** The devices a stylesheet distinguishes, largest first, with the max width of each (desktop has none). */
function smallerDevices(breakpoints: Record<string, Breakpoint>): Array<[string, number]> {
  return Object.entries(breakpoints)
    .filter(([, bp]) => bp.is_enabled && bp.direction === 'max')
    .sort((a, b) => b[1].value - a[1].value)
    .map(([name, bp]) => [name, bp.value]);
}

const DEVICE_VARIANT = new RegExp(`_(${DEVICE_SUFFIXES.join('|')})$`);

/**
 * Whether the element's scoped stylesheet is the only reader of a settings key (colours, typography, spacing,
 * borders, with their device variants): a change to it restyles the element and leaves its markup and its
 * handlers as they are, so the editor need not re-create them.
 */
export function onlyStylesTheElement(key: string): boolean {
  return key === CUSTOM_CSS_KEY || key in FIXED || key.replace(DEVICE_VARIANT, '') in RESPONSIVE;
}

/** Classes naming the devices an element is hidden on (the page builder's names; the CSS is elementCss's). */
export function hiddenClasses(settings: Record<string, unknown>): string[] {
  return ['desktop', 'tablet', 'mobile'].filter((d) => settings[`hide_${d}`] === 'yes').map((d) => `elementor-hidden-${d}`);
}

/** The media query of each standard device under the kit's breakpoints. */
function deviceQuery(device: string, breakpoints: Record<string, Breakpoint>): string {
  const mobile = breakpoints.mobile?.value ?? defaultBreakpoints.mobile.value;
  const tablet = breakpoints.tablet?.value ?? defaultBreakpoints.tablet.value;
  if (device === 'mobile') return `(max-width:${mobile}px)`;
  if (device === 'tablet') return `(min-width:${mobile + 1}px) and (max-width:${tablet}px)`;
  return `(min-width:${tablet + 1}px)`;
}

/** The settings as one device sees them: each responsive key resolved by the one rule (editor preview). */
function resolvedFor(settings: Record<string, unknown>, device: string, breakpoints: Record<string, Breakpoint>): Record<string, unknown> {
  const out = { ...settings };
  for (const key of Object.keys(RESPONSIVE)) out[key] = responsiveSetting(settings, key, device, breakpoints);
  return out;
}

/** Rules from values without media queries: layout, colours, typography, borders, animation duration. */
function baseRules(sel: string, settings: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const base = declarations(settings, '');
  for (const [key, rule] of Object.entries(FIXED)) {
    const css = rule(settings[key]);
    if (css) base.push(css);
  }
  if (base.length) parts.push(`${sel}{${base.join(';')}}`);
  // Text colour reaches headings and links inside the widget, which the site stylesheet colours itself.
  const text = color(settings._text_color);
  if (text) parts.push(`${sel} ${TEXT}{color:${text}}`);
  // Typography set on the element reaches the text inside it (per device through the wrapper's media queries).
  const inherited = TYPOGRAPHY.filter(([key]) =>
    Object.keys(settings).some((s) => (s === key || s.startsWith(`${key}_`)) && (RESPONSIVE[key] ?? FIXED[key])(settings[s]) !== null),
  );
  if (inherited.length) parts.push(`${sel} ${TEXT}{${inherited.map(([, prop]) => `${prop}:inherit`).join(';')}}`);
  const duration = DURATIONS[String(settings.animation_duration ?? '')];
  if (duration) parts.push(`${sel}.animated{animation-duration:${duration}}`);
  // The element's custom CSS last, so it wins over the controls; CSS the check refuses renders nothing.
  const custom = settings[CUSTOM_CSS_KEY];
  if (typeof custom === 'string' && custom.trim()) {
    // In the editor the checker may still be loading: the element renders without it until then, never unchecked.
    const checker = customCssChecker();
    if (!checker) void loadCustomCss();
    const result = checker?.scopeCustomCss(custom, sel);
    if (result?.ok) parts.push(result.css);
  }
  return parts;
}

/**
 * CSS for one element, or '' when its settings style nothing. `id` is the element id (letters and digits).
 * With `previewDevice` (the editor's responsive mode, whose preview is narrower than the window) the values
 * of that device are written without media queries, and elements hidden on it are dimmed, not removed.
 */
export function elementCss(
  id: string,
  settings: Record<string, unknown>,
  breakpoints: Record<string, Breakpoint> = defaultBreakpoints,
  previewDevice?: string,
): string {
  if (!/^[a-z0-9]{1,16}$/i.test(id)) return '';
  const sel = `.elementor-element.elementor-element-${id}`;
  if (previewDevice) {
    const parts = baseRules(sel, resolvedFor(settings, previewDevice, breakpoints));
    if (settings[`hide_${previewDevice}`] === 'yes') parts.push(`${sel}{opacity:.4}`);
    return parts.join('');
  }
  const parts = baseRules(sel, settings);
  for (const [device, max] of smallerDevices(breakpoints)) {
    const own = declarations(settings, device);
    if (own.length) parts.push(`@media (max-width:${max}px){${sel}{${own.join(';')}}}`);
  }
  for (const d of ['desktop', 'tablet', 'mobile'])
    if (settings[`hide_${d}`] === 'yes') parts.push(`@media ${deviceQuery(d, breakpoints)}{${sel}{display:none}}`);
  return parts.join('');
}
