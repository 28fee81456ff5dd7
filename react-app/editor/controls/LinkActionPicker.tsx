import { useId, useState } from 'react';
import { encodeActionHref, parseActionHref } from '../../../core/wire/action-href';

// The link control's actions (docs/behaviour.md): instead of a URL, a link may open or close a popup, open, close or
// toggle an off-canvas, or reload the page. Written in the runtime's action-href format.

const ACTIONS: Array<[string, string]> = [
  ['', 'Choose an action…'],
  ['popup:open', 'Open popup'],
  ['popup:close', 'Close popup'],
  ['off_canvas:open', 'Open off-canvas'],
  ['off_canvas:close', 'Close off-canvas'],
  ['off_canvas:toggle', 'Toggle off-canvas'],
  ['reload_page', 'Reload page'],
];
const NEEDS_ID = new Set(['popup:open', 'off_canvas:open', 'off_canvas:toggle']);

export function LinkActionPicker({ value, onChange }: { value: string; onChange: (href: string) => void }) {
  const current = parseActionHref(value);
  const [action, setAction] = useState(current?.action ?? '');
  const [target, setTarget] = useState(current && 'id' in current && current.id ? current.id : '');
  const id = useId();
  const apply = (a: string, t: string) => {
    if (!a || (NEEDS_ID.has(a) && !/^[\w-]{1,64}$/.test(t))) return;
    onChange(encodeActionHref(a, NEEDS_ID.has(a) ? { id: t } : {}));
  };
  return (
    <div className="editor-link-action" role="group" aria-label="Link action">
      <label htmlFor={`${id}-action`}>Action</label>
      <select
        id={`${id}-action`}
        value={action}
        onChange={(e) => {
          setAction(e.target.value);
          apply(e.target.value, target);
        }}
      >
        {ACTIONS.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      {NEEDS_ID.has(action) ? (
        <>
          <label htmlFor={`${id}-target`}>{action.startsWith('popup') ? 'Popup id' : 'Off-canvas element id'}</label>
          <input
            id={`${id}-target`}
            type="text"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              apply(action, e.target.value.trim());
            }}
          />
        </>
      ) : null}
    </div>
  );
}
