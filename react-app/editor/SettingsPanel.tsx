import { lazy, Suspense } from 'react';
import type { ControlSchema, ElementNode, WidgetDefinition } from '../widgets/types';

const RichText = lazy(() => import('./RichText'));

// The settings panel, generated from the selected widget's control schema.
export interface SettingsPanelProps {
  node: ElementNode | null;
  definition: WidgetDefinition | null;
  uploadUrl: string;
  onChange: (control: ControlSchema, value: unknown) => void;
}

export const CONTAINER_CONTROLS: ControlSchema[] = [
  {
    key: 'content_width',
    label: 'Content width',
    type: 'select',
    options: [
      ['boxed', 'Boxed'],
      ['full', 'Full width'],
    ],
  },
  { key: '_css_classes', label: 'CSS classes', type: 'text' },
];

export function controlValue(settings: Record<string, unknown>, c: ControlSchema): unknown {
  const raw = settings[c.key];
  if (c.subKey) return raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[c.subKey] : undefined;
  if (c.type === 'slider') return raw && typeof raw === 'object' ? (raw as { size?: unknown }).size : undefined;
  return raw;
}

function Control({
  control,
  value,
  inputId,
  uploadUrl,
  onChange,
}: {
  control: ControlSchema;
  value: unknown;
  inputId: string;
  uploadUrl: string;
  onChange: (v: unknown) => void;
}) {
  const text = value === undefined || value === null ? '' : String(value);
  switch (control.type) {
    case 'richtext':
      return (
        <Suspense fallback={<p>Loading the text editor…</p>}>
          <RichText id={inputId} label={control.label} value={text} uploadUrl={uploadUrl} onChange={onChange} />
        </Suspense>
      );
    case 'textarea':
      return <textarea id={inputId} value={text} rows={4} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
      return (
        <select id={inputId} value={text} onChange={(e) => onChange(e.target.value)}>
          {(control.options ?? []).map(([v, label]) => (
            <option key={v} value={v}>
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
          inputMode="numeric"
          value={text}
          min={control.min}
          max={control.max}
          step={control.step ?? 1}
          onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
        />
      );
    case 'url':
      return <input id={inputId} type="url" value={text} onChange={(e) => onChange(e.target.value)} />;
    default:
      return <input id={inputId} type="text" value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}

export function SettingsPanel({ node, definition, uploadUrl, onChange }: SettingsPanelProps) {
  if (!node) return <p className="editor-hint">Select an element in the structure or the preview to edit its settings.</p>;
  const controls = node.elType === 'container' ? CONTAINER_CONTROLS : (definition?.controls ?? []);
  return (
    <form className="editor-settings" onSubmit={(e) => e.preventDefault()} aria-label={`${definition?.title ?? 'Container'} settings`}>
      <p className="editor-settings__what">
        {definition?.title ?? 'Container'} <span className="editor-id">#{node.id}</span>
      </p>
      {controls.length === 0 ? <p>This widget has no settings.</p> : null}
      {controls.map((c) => {
        const inputId = `ctl-${node.id}-${c.key}${c.subKey ? `-${c.subKey}` : ''}`;
        return (
          <div className={`editor-control editor-control--${c.type}`} key={inputId}>
            <label htmlFor={inputId}>
              {c.label}
              {c.unit ? ` (${c.unit})` : ''}
            </label>
            <Control
              control={c}
              value={controlValue(node.settings, c)}
              inputId={inputId}
              uploadUrl={uploadUrl}
              onChange={(v) => onChange(c, v)}
            />
          </div>
        );
      })}
    </form>
  );
}
