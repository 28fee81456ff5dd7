import { lazy, Suspense } from 'react';
import type { ControlSchema } from '../../../core/wire/control-schema';
import { LinkActionPicker } from './LinkActionPicker';
import { ProductPicker } from './ProductPicker';
import { DynamicTagPicker, tagFit } from './DynamicTagPicker';
import { GLOBAL_COLORS } from '../../../core/config/site-settings';

const RichText = lazy(() => import('../RichText'));

// One input per control type. Values are written the way the page builder stores them: sliders as
// {size, unit}, dimensions as {top, right, bottom, left, unit}, switchers as 'yes' / '', lists as arrays.

export interface ControlInputProps {
  control: ControlSchema;
  value: unknown;
  /** What the device inherits when it has no value of its own (shown as a placeholder). */
  inherited?: unknown;
  inputId: string;
  uploadUrl: string;
  onChange: (v: unknown) => void;
}

const text = (v: unknown): string => (v === undefined || v === null || typeof v === 'object' ? '' : String(v));
const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const sizeOf = (v: unknown): unknown => (v && typeof v === 'object' ? (v as { size?: unknown }).size : v);
const numberOrEmpty = (raw: string): number | '' => (raw === '' ? '' : Number(raw));

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const DEVICES: Array<[string, string]> = [
  ['desktop', 'Desktop'],
  ['tablet', 'Tablet'],
  ['mobile', 'Mobile'],
];

function Repeater({ control, value, inputId, uploadUrl, onChange }: ControlInputProps) {
  const items = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  const fields = control.fields ?? [];
  const set = (i: number, key: string, v: unknown) => onChange(items.map((it, j) => (j === i ? { ...it, [key]: v } : it)));
  return (
    <div className="editor-repeater" id={inputId} role="group" aria-label={control.label}>
      {items.map((item, i) => (
        <fieldset key={i} className="editor-repeater__item">
          <legend>
            {control.label} {i + 1}
          </legend>
          {fields.map((f) => {
            const id = `${inputId}-${i}-${f.key}${f.subKey ? `-${f.subKey}` : ''}`;
            const raw = f.subKey ? asObject(item[f.key])[f.subKey] : item[f.key];
            return (
              <div className="editor-control" key={id}>
                <label htmlFor={id}>{f.label}</label>
                <ControlInput
                  control={f}
                  value={raw}
                  inputId={id}
                  uploadUrl={uploadUrl}
                  onChange={(v) => set(i, f.key, f.subKey ? { ...asObject(item[f.key]), [f.subKey]: v } : v)}
                />
                {/* Dynamic tags work in a list's text, link and image fields too (docs/editor.md, "Dynamic tags"). */}
                {tagFit(f) ? (
                  <DynamicTagPicker
                    control={f}
                    value={raw}
                    inputId={id}
                    onChange={(v) => set(i, f.key, f.subKey ? { ...asObject(item[f.key]), [f.subKey]: v } : v)}
                  />
                ) : null}
              </div>
            );
          })}
          <button type="button" onClick={() => onChange(items.filter((_it, j) => j !== i))}>
            Remove {control.label.toLowerCase()} {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" onClick={() => onChange([...items, {}])}>
        Add to {control.label.toLowerCase()}
      </button>
    </div>
  );
}

const isHex = (value: unknown): boolean => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

export function ControlInput(props: ControlInputProps) {
  const { control, value, inherited, inputId, uploadUrl, onChange } = props;
  const placeholder = inherited === undefined ? undefined : text(sizeOf(inherited));
  switch (control.type) {
    case 'richtext':
      return (
        <Suspense fallback={<p>Loading the text editor…</p>}>
          <RichText id={inputId} label={control.label} value={text(value)} uploadUrl={uploadUrl} onChange={onChange} />
        </Suspense>
      );
    case 'textarea':
      return <textarea id={inputId} value={text(value)} rows={4} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
      return (
        <select id={inputId} value={text(value)} onChange={(e) => onChange(e.target.value)}>
          {(control.options ?? []).some(([v]) => v === '') ? null : (
            <option value="">{placeholder ? `Inherit (${placeholder})` : 'Default'}</option>
          )}
          {(control.options ?? []).map(([v, label], i) => (
            <option key={`${v}-${i}`} value={v}>
              {label}
            </option>
          ))}
        </select>
      );
    case 'switcher':
      return <input id={inputId} type="checkbox" checked={value === 'yes'} onChange={(e) => onChange(e.target.checked ? 'yes' : '')} />;
    case 'number':
    case 'slider':
      return (
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          value={text(sizeOf(value))}
          placeholder={placeholder}
          min={control.min}
          max={control.max}
          step={control.step ?? 1}
          onChange={(e) => onChange(numberOrEmpty(e.target.value))}
        />
      );
    case 'color':
      return (
        <span className="editor-color">
          <input
            id={inputId}
            type="text"
            list={`${inputId}-globals`}
            value={text(value)}
            placeholder={placeholder ?? '#rrggbb'}
            onChange={(e) => onChange(e.target.value)}
          />
          {/* The Site Settings' global colours: a widget that uses one follows it when the kit changes. */}
          <datalist id={`${inputId}-globals`}>
            {GLOBAL_COLORS.map((g) => (
              <option key={g.id} value={`var(--e-global-color-${g.id})`} label={`Global ${g.label.toLowerCase()} colour`} />
            ))}
          </datalist>
          {/* A native picker cannot be empty: with no colour set it would show black, so it is marked "none"
              and styled as an empty swatch (editor.css) instead. */}
          <input
            type="color"
            className={isHex(value) ? 'editor-color__picker' : 'editor-color__picker editor-color__picker--none'}
            aria-label={isHex(value) ? `${control.label} picker` : `${control.label} picker (no colour set)`}
            value={isHex(value) ? text(value) : '#ffffff'}
            onChange={(e) => onChange(e.target.value)}
          />
        </span>
      );
    case 'dimensions': {
      const box = asObject(value);
      return (
        <span className="editor-dimensions" id={inputId} role="group" aria-label={control.label}>
          {SIDES.map((side) => (
            <label key={side}>
              <span>{side}</span>
              <input
                type="number"
                inputMode="decimal"
                value={text(box[side])}
                placeholder={text(asObject(inherited)[side]) || undefined}
                onChange={(e) => onChange({ unit: 'px', ...box, [side]: numberOrEmpty(e.target.value) })}
              />
            </label>
          ))}
        </span>
      );
    }
    case 'devices': {
      const list = Array.isArray(value) ? (value as string[]) : ['desktop', 'tablet', 'mobile'];
      return (
        <span className="editor-devices" id={inputId} role="group" aria-label={control.label}>
          {DEVICES.map(([d, label]) => (
            <label key={d}>
              <input
                type="checkbox"
                checked={list.includes(d)}
                onChange={(e) => onChange(e.target.checked ? [...list.filter((x) => x !== d), d] : list.filter((x) => x !== d))}
              />
              {label}
            </label>
          ))}
        </span>
      );
    }
    case 'repeater':
      return <Repeater {...props} />;
    case 'media':
      return (
        <input
          id={inputId}
          type="url"
          value={text(asObject(value).url)}
          onChange={(e) => onChange({ ...asObject(value), url: e.target.value })}
        />
      );
    case 'url':
      return (
        <>
          <input id={inputId} type="text" inputMode="url" value={text(value)} onChange={(e) => onChange(e.target.value)} />
          {control.subKey === 'url' && control.key.endsWith('link') ? <LinkActionPicker value={text(value)} onChange={onChange} /> : null}
        </>
      );
    default:
      if (control.picker === 'products') return <ProductPicker inputId={inputId} value={value} onChange={onChange} />;
      return <input id={inputId} type="text" value={text(value)} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
}
