import { controlDefaults, type ControlSchema } from '../wire/control-schema';
import { settingsProblem } from '../wire/settings-validation';
import { safeFontFamily } from '../wire/font-family';
import { hasControlCharacters } from '../security/control-characters';
import { defaultBreakpoints } from './breakpoints';
import { DEFAULT_SITE_TIMEZONE } from '../schedule/site-time';
import type { Breakpoint, SiteConfig } from './site-config';
import { DEFAULT_TITLE_TEMPLATE, imageProblem, SEO_LIMITS } from '../seo/rules';

// Site Settings (the page builder's kit): the site's name, accent colour and app store links, and the kit
// settings widgets and the runtime read (global colours and fonts, lightbox, breakpoints, department menu,
// content targeting, the site's time zone). Declared as control schemas, like a widget's settings, so the editor's panel, the
// server's check on save and the kit export read one list. Defaults are the values the site had before
// they were editable, so nothing changes for visitors until an editor publishes.

export interface SiteSettings {
  name: string;
  primaryColor: string;
  iosLink: string;
  androidLink: string;
  kit: Record<string, unknown>;
}

/** The site's own fields (top level of the settings). */
export const SITE_CONTROLS: ControlSchema[] = [
  { key: 'name', label: 'Site name', type: 'text', section: 'Site identity', default: 'Harvest Lane Market' },
  {
    key: 'primaryColor',
    label: 'Accent colour (app banner, browser bar)',
    type: 'color',
    section: 'Site identity',
    default: '#2f6b3a',
  },
  {
    key: 'iosLink',
    label: 'App Store link (iOS)',
    type: 'url',
    section: 'App store links',
    default: 'https://apps.apple.com/app/harvest-lane-market/id000000000',
    help: 'Empty: the app banner is not shown on iPhones.',
  },
  {
    key: 'androidLink',
    label: 'Google Play link (Android)',
    type: 'url',
    section: 'App store links',
    default: 'https://play.google.com/store/apps/details?id=com.harvestlane.market',
    help: 'Empty: the app banner is not shown on Android phones.',
  },
];

/** Global colours: each becomes `--e-global-color-{id}`, and the site's own palette follows them. */
export const GLOBAL_COLORS: Array<{ id: string; label: string; value: string; siteVariable: string }> = [
  { id: 'primary', label: 'Primary', value: '#2f6b3a', siteVariable: '--brand' },
  { id: 'secondary', label: 'Secondary', value: '#1f4a27', siteVariable: '--brand-dark' },
  { id: 'text', label: 'Text', value: '#1d2420', siteVariable: '--ink' },
  { id: 'accent', label: 'Accent', value: '#b34a1a', siteVariable: '--accent' },
];

/** Global fonts: each becomes `--e-global-typography-{id}-font-family`; empty keeps the site's system font. */
export const GLOBAL_FONTS: Array<{ id: string; label: string }> = [
  { id: 'primary', label: 'Primary (headings)' },
  { id: 'text', label: 'Text' },
];

export const KIT_CONTROLS: ControlSchema[] = [
  ...GLOBAL_COLORS.map(
    (c): ControlSchema => ({
      key: `global_color_${c.id}`,
      label: `${c.label} colour`,
      type: 'color',
      section: 'Global colours',
      default: c.value,
    }),
  ),
  ...GLOBAL_FONTS.map(
    (f): ControlSchema => ({
      key: `global_font_${f.id}`,
      label: `${f.label} font`,
      type: 'font',
      section: 'Global fonts',
      default: '',
      help: 'A font family name or list, e.g. Georgia, serif. Empty: the system font.',
    }),
  ),
  { key: 'global_image_lightbox', label: 'Open image links in a lightbox', type: 'switcher', section: 'Lightbox', default: 'yes' },
  { key: 'lightbox_enable_counter', label: 'Show the image counter', type: 'switcher', section: 'Lightbox', default: 'yes' },
  {
    key: 'viewport_mobile',
    label: 'Mobile breakpoint (px, up to)',
    type: 'number',
    section: 'Breakpoints',
    min: 320,
    max: 1023,
    default: defaultBreakpoints.mobile.value,
  },
  {
    key: 'viewport_tablet',
    label: 'Tablet breakpoint (px, up to)',
    type: 'number',
    section: 'Breakpoints',
    min: 481,
    max: 2399,
    default: defaultBreakpoints.tablet.value,
  },
  {
    key: 'department_menu',
    label: 'Department menu',
    type: 'select',
    section: 'Header',
    options: [
      ['0', 'One column'],
      ['1', 'Three columns'],
      ['2', 'Four columns with scroll arrows'],
    ],
    default: '1',
  },
  {
    key: 'content_targeting',
    label: 'Content targeting',
    type: 'select',
    section: 'Content targeting',
    options: [
      ['store', 'By store (store_id)'],
      ['group', 'By store and user groups'],
    ],
    default: 'store',
  },
  {
    // Schedules (publish times, content-block windows, previews) are typed and shown on this clock.
    key: 'site_timezone',
    label: 'Site time zone',
    type: 'select',
    section: 'Scheduling',
    options: [
      ['America/New_York', 'Eastern (New York)'],
      ['America/Chicago', 'Central (Chicago)'],
      ['America/Denver', 'Mountain (Denver)'],
      ['America/Phoenix', 'Mountain, no daylight saving (Phoenix)'],
      ['America/Los_Angeles', 'Pacific (Los Angeles)'],
      ['America/Anchorage', 'Alaska (Anchorage)'],
      ['Pacific/Honolulu', 'Hawaii (Honolulu)'],
    ],
    default: DEFAULT_SITE_TIMEZONE,
  },
  // Search and sharing (docs/seo.md): what a page without its own SEO fields carries.
  {
    key: 'seo_title_template',
    label: 'SEO title template',
    type: 'text',
    section: 'Search and sharing',
    default: DEFAULT_TITLE_TEMPLATE,
    help: '%title% is the page title, %site% the site name.',
  },
  {
    key: 'seo_description',
    label: 'Default meta description',
    type: 'textarea',
    section: 'Search and sharing',
    default: 'Harvest Lane Market: fresh produce, weekly deals, recipes and grocery pickup from your neighborhood store.',
    help: 'Shown in search results for pages without a description of their own.',
  },
  {
    key: 'seo_share_image',
    label: 'Default share image',
    type: 'text',
    section: 'Search and sharing',
    default: '/media/social/site.png',
    help: 'A path on this site or an https:// address; shared pages without an image of their own show it.',
  },
];

export const defaultSiteSettings: SiteSettings = {
  ...(controlDefaults(SITE_CONTROLS) as Omit<SiteSettings, 'kit'>),
  kit: controlDefaults(KIT_CONTROLS),
};

export interface SiteSettingsProblem {
  /** The field as the panel names it: `primaryColor` or `kit.department_menu`. */
  field: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const APP_LINK = /^https:\/\/[^\s]+$/;

/** The first problem of Site Settings as an editor saves them, or null. */
export function siteSettingsProblem(input: unknown): SiteSettingsProblem | null {
  if (!isObject(input)) return { field: 'settings', message: 'Site Settings must be an object.' };
  const { kit, ...site } = input;
  const own = settingsProblem(SITE_CONTROLS, site);
  if (own) return { field: own.key, message: `Site Settings "${own.key}" ${own.message}.` };
  if (kit !== undefined) {
    if (!isObject(kit)) return { field: 'kit', message: 'Site Settings "kit" must be an object.' };
    const p = settingsProblem(KIT_CONTROLS, kit);
    if (p) return { field: `kit.${p.key}`, message: `Site Settings "kit.${p.key}" ${p.message}.` };
    for (const c of KIT_CONTROLS) {
      const v = kit[c.key];
      if (c.type !== 'number' || v === undefined || v === null || v === '') continue;
      const n = Number(v);
      if (!Number.isInteger(n) || (c.min !== undefined && n < c.min) || (c.max !== undefined && n > c.max))
        return { field: `kit.${c.key}`, message: `Site Settings "kit.${c.key}" must be a whole number from ${c.min} to ${c.max}.` };
    }
    const mobile = Number(kit.viewport_mobile ?? defaultBreakpoints.mobile.value);
    const tablet = Number(kit.viewport_tablet ?? defaultBreakpoints.tablet.value);
    if (mobile >= tablet)
      return { field: 'kit.viewport_mobile', message: 'Site Settings "kit.viewport_mobile" must be smaller than the tablet breakpoint.' };
  }
  const seo = kit === undefined ? null : seoKitProblem(kit as Record<string, unknown>);
  if (seo) return seo;
  if (typeof site.name === 'string') {
    if (site.name.trim() === '') return { field: 'name', message: 'Site Settings "name": enter the site name.' };
    // The name is also a kit's name (at most 120 characters there) and the page title of every page.
    if (site.name.length > 120 || hasControlCharacters(site.name))
      return { field: 'name', message: 'Site Settings "name" must be at most 120 characters, without control characters.' };
  }
  for (const key of ['iosLink', 'androidLink'] as const) {
    const v = site[key];
    if (typeof v === 'string' && v !== '' && !APP_LINK.test(v))
      return { field: key, message: `Site Settings "${key}" must be an https:// link or empty.` };
  }
  return null;
}

function seoKitProblem(kit: Record<string, unknown>): SiteSettingsProblem | null {
  const template = kit.seo_title_template;
  if (typeof template === 'string' && (template.length > 120 || !template.includes('%title%')))
    return { field: 'kit.seo_title_template', message: 'The SEO title template must contain %title% and be at most 120 characters.' };
  const description = kit.seo_description;
  if (typeof description === 'string' && (description.length > SEO_LIMITS.description || hasControlCharacters(description)))
    return { field: 'kit.seo_description', message: `The default meta description may be at most ${SEO_LIMITS.description} characters.` };
  const image = kit.seo_share_image;
  const p = typeof image === 'string' ? imageProblem(image) : null;
  return p ? { field: 'kit.seo_share_image', message: p } : null;
}

/** Saved (already checked) settings over the defaults: a setting missing from the database keeps its default. */
export function withDefaults(saved: Partial<SiteSettings> | null | undefined): SiteSettings {
  const s = saved ?? {};
  return {
    name: s.name ?? defaultSiteSettings.name,
    primaryColor: s.primaryColor ?? defaultSiteSettings.primaryColor,
    iosLink: s.iosLink ?? defaultSiteSettings.iosLink,
    androidLink: s.androidLink ?? defaultSiteSettings.androidLink,
    kit: { ...defaultSiteSettings.kit, ...(isObject(s.kit) ? s.kit : {}) },
  };
}

/** The kit's breakpoints: the page builder's set with the mobile and tablet values of the kit. */
export function breakpointsOf(kit: Record<string, unknown>): Record<string, Breakpoint> {
  const value = (key: string, fallback: number) => {
    const n = Number(kit[key]);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    ...defaultBreakpoints,
    mobile: { ...defaultBreakpoints.mobile, value: value('viewport_mobile', defaultBreakpoints.mobile.value) },
    tablet: { ...defaultBreakpoints.tablet, value: value('viewport_tablet', defaultBreakpoints.tablet.value) },
  };
}

/** The editor previews Site Settings on the live config: handlers read the kit and breakpoints when they act. */
export function applyKit(config: SiteConfig, kit: Record<string, unknown>): void {
  config.kit = kit;
  config.responsive.breakpoints = breakpointsOf(kit);
}

const COLOR_VALUE = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/**
 * The CSS custom properties of the global colours and fonts, for `:root` (a page) or the editor's preview:
 * `--e-global-color-{id}` and `--e-global-typography-{id}-font-family`, which widget colour controls refer to
 * as `var(--e-global-color-primary)`, and the site palette (`--brand`…) set to the same colours.
 */
export function globalStyleVariables(kit: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of GLOBAL_COLORS) {
    const v = String(kit[`global_color_${c.id}`] ?? '').trim();
    const color = COLOR_VALUE.test(v) ? v : c.value;
    out[`--e-global-color-${c.id}`] = color;
    out[c.siteVariable] = color;
  }
  for (const f of GLOBAL_FONTS) {
    const v = safeFontFamily(kit[`global_font_${f.id}`]);
    if (v) out[`--e-global-typography-${f.id}-font-family`] = v;
  }
  return out;
}

/** The global styles as one CSS rule for the selector (`:root` on a page). */
export function globalStyleCss(kit: Record<string, unknown>, selector = ':root'): string {
  const vars = globalStyleVariables(kit);
  const fonts = ['primary', 'text'].filter((id) => vars[`--e-global-typography-${id}-font-family`]);
  const rules = [
    `${selector}{${Object.entries(vars)
      .map(([k, v]) => `${k}:${v}`)
      .join(';')}}`,
  ];
  // The site's text and headings use the global fonts when set (empty keeps the system font).
  if (fonts.includes('text'))
    rules.push(`${selector === ':root' ? 'body' : selector}{font-family:var(--e-global-typography-text-font-family)}`);
  if (fonts.includes('primary'))
    rules.push(
      `${selector === ':root' ? '' : `${selector} `}:is(h1,h2,h3,h4,h5,h6){font-family:var(--e-global-typography-primary-font-family)}`.trim(),
    );
  return rules.join('');
}
