import { DEVICE_SUFFIXES, type ControlSchema } from './control-schema';
import { fontFamilyProblem } from './font-family';

// A widget's saved settings checked against its control schema: every key must be declared (or be a device
// variant of a responsive control) and every value must have the control's type. Pure, shared by the server's
// check on save and the editor.

export interface SettingsProblem {
  key: string;
  message: string;
}

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|var\(--[\w-]+\)|transparent)$/i;
const numeric = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && (v.trim() === '' || Number.isFinite(Number(v))));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const texty = (v: unknown): boolean => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Why a value does not fit the control, or null. Null and absent values always fit (the default applies). */
export function valueProblem(c: ControlSchema, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  switch (c.type) {
    case 'text':
    case 'textarea':
    case 'richtext':
    case 'datetime':
      return texty(v) ? null : 'must be text';
    case 'font':
      return typeof v === 'string' ? fontFamilyProblem(v) : 'must be a font name as text';
    case 'url':
      return typeof v === 'string' ? null : 'must be a URL as text';
    case 'number':
      return numeric(v) ? null : 'must be a number';
    case 'slider':
      return numeric(v) || (isObject(v) && numeric(v.size ?? '') && (v.unit === undefined || typeof v.unit === 'string'))
        ? null
        : 'must be a number or {size, unit}';
    case 'select':
      if (!texty(v)) return 'must be one of the listed options';
      return !c.options || c.options.some(([value]) => value === String(v))
        ? null
        : `must be one of ${c.options.map(([o]) => o || '""').join(', ')}`;
    case 'switcher':
      return v === 'yes' || v === '' || v === 'no' ? null : 'must be "yes" or ""';
    case 'color':
      return typeof v === 'string' && (v === '' || COLOR.test(v.trim())) ? null : 'must be a colour (#rrggbb, rgb(), hsl() or var(--…))';
    case 'dimensions':
      return isObject(v) && ['top', 'right', 'bottom', 'left'].every((s) => numeric(v[s] ?? ''))
        ? null
        : 'must be {top, right, bottom, left, unit}';
    case 'media':
      return isObject(v) && (v.url === undefined || typeof v.url === 'string') ? null : 'must be {url, alt}';
    case 'devices':
      return Array.isArray(v) && v.every((d) => d === 'desktop' || (DEVICE_SUFFIXES as readonly string[]).includes(String(d)))
        ? null
        : 'must be a list of devices';
    case 'repeater': {
      if (!Array.isArray(v)) return 'must be a list';
      const most = c.max ?? 100;
      if (v.length > most) return `may hold at most ${most} items`;
      for (const [i, item] of v.entries()) {
        if (!isObject(item)) return `item ${i + 1} must be an object`;
        if (!c.fields) continue;
        const inner = settingsProblem(c.fields, item, true);
        if (inner) return `item ${i + 1}: "${inner.key}" ${inner.message}`;
      }
      return null;
    }
  }
}

function index(controls: readonly ControlSchema[]): Map<string, ControlSchema[]> {
  const byKey = new Map<string, ControlSchema[]>();
  for (const c of controls) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  return byKey;
}

/** The declared controls of a settings key, for `title` and for a device variant such as `title_tablet`. */
function controlsOf(byKey: Map<string, ControlSchema[]>, key: string): ControlSchema[] | undefined {
  const own = byKey.get(key);
  if (own) return own;
  for (const d of DEVICE_SUFFIXES) {
    if (!key.endsWith(`_${d}`)) continue;
    const base = byKey.get(key.slice(0, -d.length - 1));
    if (base?.some((c) => c.responsive)) return base;
  }
  return undefined;
}

/**
 * The first problem of a settings object, or null. `lenientIds` lets repeater items keep the `id`/`_id` the
 * page builder gives them.
 */
export function settingsProblem(
  controls: readonly ControlSchema[],
  settings: Record<string, unknown>,
  lenientIds = false,
): SettingsProblem | null {
  const byKey = index(controls);
  for (const [key, value] of Object.entries(settings)) {
    if (lenientIds && (key === 'id' || key === '_id')) continue;
    const cs = controlsOf(byKey, key);
    if (!cs) return { key, message: 'is not a setting of this element' };
    const sub = cs.filter((c) => c.subKey);
    if (sub.length) {
      if (value === null || value === undefined) continue;
      if (!isObject(value)) return { key, message: 'must be an object' };
      for (const c of sub) {
        const p = valueProblem(c, value[c.subKey!]);
        if (p) return { key: `${key}.${c.subKey}`, message: p };
      }
      continue;
    }
    const p = valueProblem(cs[0], value);
    if (p) return { key, message: p };
  }
  return null;
}
