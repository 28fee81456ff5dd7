// The control schema: one editable setting of a widget or container. Widgets declare theirs beside their
// component (react-app/widgets); the editor panel, the server's check on save, defaults and the kit export
// all read the same list. Framework-free so the server and the browser share it.

export type ControlTab = 'content' | 'style' | 'advanced';

export type ControlType =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'number'
  | 'select'
  | 'switcher'
  | 'slider'
  | 'url'
  | 'color'
  | 'font'
  | 'dimensions'
  | 'media'
  | 'repeater'
  | 'devices'
  | 'datetime';

export type SelectOptions = Array<[value: string, label: string]>;

/**
 * A select's options written as `{ value: label }`, in the order written. Values must not be integer-like
 * ('1', '20'): objects list those first, so such lists are written as pairs.
 */
export const choices = (byValue: Readonly<Record<string, string>>): SelectOptions => Object.entries(byValue);

export interface ControlSchema {
  key: string;
  label: string;
  type: ControlType;
  /** Panel tab; content when omitted. */
  tab?: ControlTab;
  /** Heading of the group of controls it sits in (Layout, Typography, Motion…). */
  section?: string;
  options?: SelectOptions;
  min?: number;
  max?: number;
  step?: number;
  /** Unit of a slider value ({size, unit}). */
  unit?: string;
  /** Path inside an object setting (e.g. image.url): the control edits settings[key][subKey]. */
  subKey?: string;
  /** Per-device values `key_tablet`, `key_mobile`… inheriting mobile → tablet → desktop. */
  responsive?: boolean;
  /** The element's handler applies this change in place (runtime.updateSettings) instead of being re-created. */
  live?: boolean;
  /** Fields of each item of a repeater. */
  fields?: ControlSchema[];
  /** Value used when the setting is absent (merged once, before the widget's own defaults and the settings). */
  default?: unknown;
  /** Shown under the control. */
  help?: string;
  /** Still valid in saved documents (checked and rendered) but not shown in the panel: a legacy key. */
  hidden?: boolean;
  /** The panel's chooser for a text setting: 'products' picks products by name into their ids ("12, 15"). */
  picker?: 'products';
}

/** Device suffixes a responsive setting may carry (the page builder's breakpoint names). */
export const DEVICE_SUFFIXES = ['mobile', 'mobile_extra', 'tablet', 'tablet_extra', 'laptop', 'widescreen'] as const;

/** The settings key a control edits for a device ('desktop' edits the base key). */
export const deviceKey = (key: string, device: string): string => (device === 'desktop' ? key : `${key}_${device}`);

/** Defaults declared on controls, as one settings object. */
export function controlDefaults(controls: readonly ControlSchema[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of controls) if (c.default !== undefined && !c.subKey) out[c.key] = c.default;
  return out;
}
