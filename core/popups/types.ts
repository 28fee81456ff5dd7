// Popup settings as they travel on the wire (data-settings of the popup dialog). Key names are the spec's:
// timing rule `x` is on when `timing.x === 'yes'` and reads its options from `timing.x_<option>`; the same
// for triggers (`triggers.page_load_delay`).

export type Flag = 'yes' | '' | undefined;

export interface PopupSettings {
  open_selector?: string;
  timing?: Record<string, unknown>;
  triggers?: Record<string, unknown>;
  /** Seconds. */
  close_button_delay?: number | string;
  /** Seconds; 0 or empty means never. */
  close_automatically?: number | string;
  prevent_scroll?: Flag;
  prevent_close_on_background_click?: Flag;
  prevent_close_on_esc_key?: Flag;
  /** 'yes' by default: focus moves into the popup and Tab stays inside. */
  a11y_navigation?: Flag | 'no';
  entrance_animation?: string;
  exit_animation?: string;
  /** Seconds, as a number or the page builder's slider value `{ size }`. */
  entrance_animation_duration?: number | string | { size?: number | string };
  close_button_position?: 'inside' | 'outside' | '';
  classes?: string;
  avoid_multiple_popups?: Flag;
}

/** Options of one rule or trigger with its prefix removed: `times_period` → `period`. */
export type Options = Record<string, unknown>;

/** Everything a timing rule may look at; rules are pure functions of this. */
export interface RuleContext {
  popupId: string;
  /** Epoch ms now. */
  now: number;
  /** Epoch ms when the page was loaded (for the site clock). */
  pageLoadedAt: number;
  referrer: string;
  /** location.host of the page. */
  host: string;
  userAgent: string;
  deviceMode: string;
  user: { id: number; roles: string[] };
  /** The visitor's current store (the simulated one in a preview), and its name for the explainer. */
  storeId: number | null;
  storeName?: string;
  /** The visitor's user groups (core/audience/user-groups.ts). */
  userGroups: number[];
  pageViews: number;
  sessions: number;
  /** Epoch ms of each show of this popup (local storage), and the count shown in this session. */
  showTimes: number[];
  sessionShows: number;
}

/** The answer of a rule: whether it passes and the value it compared, for the explainer. */
export interface RuleResult {
  pass: boolean;
  value: string;
  expected: string;
}

export type Rule = (options: Options, ctx: RuleContext) => RuleResult;

/** Options of `name` inside a settings group: keys `name_x` become `x`. */
export function optionsOf(group: Record<string, unknown> | undefined, name: string): Options {
  const out: Options = {};
  if (!group) return out;
  const prefix = `${name}_`;
  for (const [key, value] of Object.entries(group)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
  return out;
}

/** A number from a setting that may be a string, a number or a slider value `{ size }`. */
export function num(value: unknown, fallback = 0): number {
  if (value && typeof value === 'object' && 'size' in value) return num((value as { size: unknown }).size, fallback);
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

export function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value) return [value];
  return [];
}

/** Positive whole ids from a setting (numbers or digit strings), for targeting rules. */
export function ids(value: unknown): number[] {
  const raw: unknown[] = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
  return raw
    .map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))
    .filter((v): v is number => Number.isInteger(v) && (v as number) > 0);
}

export const result = (pass: boolean, value: unknown, expected: unknown): RuleResult => ({
  pass,
  value: String(value),
  expected: String(expected),
});
