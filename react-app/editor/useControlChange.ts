import type { Runtime } from '../../core/runtime';
import type { Canvas } from './Preview';
import { deviceKey } from '../../core/wire/control-schema';
import { onlyStylesTheElement } from '../widgets/controls/element-style';
import { widgets } from '../widgets';
import { COMMON_FRONTEND_SETTINGS } from '../widgets/element';
import type { ControlSchema, ElementNode } from '../widgets/types';
import { updateSettings } from './tree-ops';

function hasHandlers(runtime: Runtime | null, root: HTMLElement | null): boolean {
  if (!root || !runtime) return false;
  return [root, ...root.querySelectorAll<HTMLElement>('[data-element_type]')].some((el) => runtime.handlersOf(el).length > 0);
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/**
 * A control's new value: recorded (undoable), applied in place when the handler can, else the element re-created.
 * The element and its handlers live in the canvas (its iframe's document and runtime); before it has loaded there
 * is nothing to update in place.
 */
export function useControlChange(
  canvas: Canvas | null,
  tree: ElementNode[],
  node: ElementNode | null,
  commit: (next: ElementNode[], key?: string | null) => void,
  remount: (id: string) => void,
) {
  const runtime = canvas?.runtime ?? null;
  const previewEl = (id: string) => canvas?.doc.querySelector<HTMLElement>(`.editor-preview [data-id="${CSS.escape(id)}"]`) ?? null;

  return (control: ControlSchema, value: unknown, forDevice: string) => {
    if (!node) return;
    // A responsive control edits the value of the device shown in the toolbar (key_tablet, key_mobile).
    const key = control.responsive ? deviceKey(control.key, forDevice) : control.key;
    const old = node.settings[key];
    const oldObject = old && typeof old === 'object' && !Array.isArray(old) ? (old as Record<string, unknown>) : {};
    let v: unknown = value;
    if (control.subKey) v = { ...oldObject, [control.subKey]: value };
    else if (control.type === 'slider') v = value === '' ? '' : { unit: control.unit ?? 'px', ...oldObject, size: value };
    // A control reporting the value the element already holds is no edit: TinyMCE, handed a value written
    // elsewhere (words edited in place on the canvas, an undo), reports its own copy of it as a change, and that
    // echo recorded as a step made the next Ctrl+Z undo nothing visible.
    if (sameValue(old, v)) return;
    const changed = { [key]: v };
    commit(updateSettings(tree, node.id, changed), `${node.id}:${key}:${control.subKey ?? ''}`);
    const el = previewEl(node.id);
    if (control.live && el && runtime?.handlersOf(el).length) {
      void runtime.updateSettings(el, changed); // in place: the carousel keeps its Swiper instance
    } else if (control.type !== 'richtext' && !onlyStylesTheElement(key)) {
      // Re-created, as a handler reads its settings once; a colour or a size only rewrites the element's stylesheet.
      // Only when the element itself (or what it holds) has a handler, or the setting is one the runtime reads
      // (it may connect a handler, e.g. an entrance animation), and then that element alone: a heading's title
      // re-renders in place, and a carousel's change leaves a sibling carousel's Swiper alone.
      const runtimeReads = [...COMMON_FRONTEND_SETTINGS, ...(widgets[node.widgetType ?? '']?.frontendSettings ?? [])].includes(control.key);
      if (runtimeReads || hasHandlers(runtime, previewEl(node.id))) remount(node.id);
    }
  };
}
