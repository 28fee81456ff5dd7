import { memo, useState, type KeyboardEvent } from 'react';
import { deviceKey, type ControlSchema, type ControlTab } from '../../core/wire/control-schema';
import { defaultBreakpoints, responsiveSetting } from '../../core/config/breakpoints';
import type { Breakpoint } from '../../core/config/site-config';
import type { ElementNode, WidgetDefinition } from '../widgets/types';
import { defaultsOf, panelControlsOf } from '../widgets/controls/schema';
import { ControlInput } from './controls/ControlInput';
import { CustomCssMessage } from './CustomCssMessage';
import { CUSTOM_CSS_KEY } from '../widgets/controls/custom-css-loader';
import { isGlobalReference } from '../../core/documents/global-widgets';
import { DynamicTagPicker, tagFit } from './controls/DynamicTagPicker';

// The settings panel, generated from the selected element's control schema: Content, Style and Advanced
// tabs (WAI-ARIA tabs), controls grouped by section; responsive controls edit the device chosen in the
// toolbar and show what that device inherits (mobile → tablet → desktop).

export interface SettingsPanelProps {
  node: ElementNode | null;
  definition: WidgetDefinition | null;
  uploadUrl: string;
  /** The device the responsive controls edit (the toolbar's responsive mode). */
  device: string;
  breakpoints?: Record<string, Breakpoint>;
  /** A control's new value; `applied` is called once the document holds it (the field then shows the document's). */
  onChange: (control: ControlSchema, value: unknown, device: string, applied?: () => void) => void;
}

const TABS: Array<[ControlTab, string]> = [
  ['content', 'Content'],
  ['style', 'Style'],
  ['advanced', 'Advanced'],
];
const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' };

/** The value a control shows for a device: its own value (or, for sub-keys and sliders, the part it edits). */
export function controlValue(settings: Record<string, unknown>, c: ControlSchema, device = 'desktop'): unknown {
  const raw = settings[c.responsive ? deviceKey(c.key, device) : c.key];
  if (c.subKey) return raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[c.subKey] : undefined;
  return raw;
}

export function SettingsPanel({ node, definition, uploadUrl, device, breakpoints = defaultBreakpoints, onChange }: SettingsPanelProps) {
  const [tab, setTab] = useState<ControlTab>('content');
  if (!node) return <p className="editor-hint">Select an element in the navigator or the preview to edit its settings.</p>;
  if (isGlobalReference(node))
    return (
      <p className="editor-hint">
        This element is a global widget: edit it in its own editor (Global widgets, in the left column), or unlink it.
      </p>
    );
  const title = definition?.title ?? 'Container';
  const all = panelControlsOf(node);
  const controls = all.filter((c) => (c.tab ?? 'content') === tab);
  const defaults = defaultsOf(node.elType === 'container' ? null : definition);
  const effective = { ...defaults, ...node.settings };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex(([t]) => t === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next][0]);
    document.getElementById(`settings-tab-${TABS[next][0]}`)?.focus();
  };
  return (
    <div className="editor-settings-wrap">
      <p className="editor-settings__what">
        {title} <span className="editor-id">#{node.id}</span>
      </p>
      <div className="editor-tabs" role="tablist" aria-label={`${title} settings`}>
        {TABS.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`settings-tab-${t}`}
            aria-selected={tab === t}
            aria-controls="settings-tabpanel"
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
          >
            {label}
          </button>
        ))}
      </div>
      {/* A form may not take the tabpanel role (axe aria-allowed-role): the panel wraps it. */}
      <div id="settings-tabpanel" role="tabpanel" aria-labelledby={`settings-tab-${tab}`}>
        <form className="editor-settings" onSubmit={(e) => e.preventDefault()}>
          {controls.length === 0 ? <p>No {tab} settings.</p> : null}
          {controls.map((c, i) => {
            const inputId = `ctl-${node.id}-${c.key}${c.subKey ? `-${c.subKey}` : ''}`;
            const section = c.section && c.section !== controls[i - 1]?.section ? c.section : null;
            const value = controlValue(node.settings, c, device);
            const inherited =
              c.responsive && device !== 'desktop'
                ? responsiveSetting(effective, c.key, device, breakpoints)
                : c.subKey
                  ? undefined
                  : defaults[c.key];
            return (
              <PanelControl
                key={inputId}
                {...{ control: c, value, inherited, inputId, uploadUrl, device, section, onChange }}
                label={DEVICE_LABELS[device] ?? device}
              />
            );
          })}
        </form>
      </div>
    </div>
  );
}

interface PanelControlProps {
  control: ControlSchema;
  value: unknown;
  inherited: unknown;
  inputId: string;
  uploadUrl: string;
  device: string;
  /** The device's name on a responsive control's badge. */
  label: string;
  /** The section's heading, shown above its first control. */
  section: string | null;
  onChange: SettingsPanelProps['onChange'];
}

/**
 * One control. What is typed shows in the field at once, from the control's own state: that echo is a key's only
 * urgent work. The document, the canvas and the history take the value after the next paint (useControlChange.ts),
 * and the field then shows the document's value again (docs/editor.md, "Typing responsiveness"). Memoised: the
 * document's update re-renders the edited control alone.
 */
const PanelControl = memo(function PanelControl(p: PanelControlProps) {
  const { control: c, inputId, device, onChange } = p;
  const [echo, setEcho] = useState<{ typed: unknown } | null>(null);
  const value = echo ? echo.typed : p.value;
  const change = (v: unknown) => {
    setEcho({ typed: v });
    onChange(c, v, device, () => setEcho(null));
  };
  return (
    <div>
      {p.section ? <h3 className="editor-section">{p.section}</h3> : null}
      <div className={`editor-control editor-control--${c.type}`}>
        <label htmlFor={inputId}>
          {c.label}
          {c.unit ? ` (${c.unit})` : ''}
          {c.responsive ? (
            <span className="editor-device-badge" title="This value is set per device">
              {' '}
              · {p.label}
            </span>
          ) : null}
        </label>
        <ControlInput control={c} value={value} inherited={p.inherited} inputId={inputId} uploadUrl={p.uploadUrl} onChange={change} />
        {tagFit(c) ? <DynamicTagPicker control={c} value={value} inputId={inputId} onChange={change} /> : null}
        {c.help ? <p className="editor-help">{c.help}</p> : null}
        {c.key === CUSTOM_CSS_KEY ? <CustomCssMessage value={value} inputId={inputId} /> : null}
      </div>
    </div>
  );
});
