import { useLayoutEffect, useRef } from 'react';
import type { Runtime } from '../../core/runtime';
import type { Canvas } from './Preview';
import { deviceKey } from '../../core/wire/control-schema';
import { onlyStylesTheElement } from '../widgets/controls/element-style';
import { widgets } from '../widgets';
import { COMMON_FRONTEND_SETTINGS } from '../widgets/element';
import type { ControlSchema, ElementNode } from '../widgets/types';
import { findNode, updateSettings } from './tree-ops';
import type { TreeChange } from './useEditorTree';

function hasHandlers(runtime: Runtime | null, root: HTMLElement | null): boolean {
  if (!root || !runtime) return false;
  return [root, ...root.querySelectorAll<HTMLElement>('[data-element_type]')].some((el) => runtime.handlersOf(el).length > 0);
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** A control's new value for one element, as its field reported it. */
export interface ControlEdit {
  id: string;
  control: ControlSchema;
  value: unknown;
  /** The device whose value a responsive control edits (key_tablet, key_mobile). */
  device: string;
}

/** The setting a control edit writes, and the value stored: a sub-key or a slider's size merged into the object held. */
export function settingOf(e: ControlEdit, settings: Record<string, unknown>): { key: string; value: unknown } {
  const { control } = e;
  const key = control.responsive ? deviceKey(control.key, e.device) : control.key;
  const old = settings[key];
  const oldObject = old && typeof old === 'object' && !Array.isArray(old) ? (old as Record<string, unknown>) : {};
  if (control.subKey) return { key, value: { ...oldObject, [control.subKey]: e.value } };
  if (control.type === 'slider') return { key, value: e.value === '' ? '' : { unit: control.unit ?? 'px', ...oldObject, size: e.value } };
  return { key, value: e.value };
}

/**
 * The tree with the edit applied; the same tree when the element is gone or already holds the value. A control
 * reporting the value the element already holds is no edit: TinyMCE, handed a value written elsewhere (words
 * edited in place on the canvas, an undo), reports its own copy of it as a change, and that echo recorded as a
 * step made the next Ctrl+Z undo nothing visible.
 */
export function applyControlEdit(tree: ElementNode[], e: ControlEdit): ElementNode[] {
  const node = findNode(tree, e.id);
  if (!node) return tree;
  const { key, value } = settingOf(e, node.settings);
  return sameValue(node.settings[key], value) ? tree : updateSettings(tree, e.id, { [key]: value });
}

export interface ControlChangeDeps {
  canvas: Canvas | null;
  /** The tree as last rendered. */
  treeRef: { current: ElementNode[] };
  commit: (next: TreeChange, key?: string | null) => void;
  remount: (id: string) => void;
  /** Runs a job after the next paint, before any other change of the tree (useEditorTree). */
  later: (job: () => void) => void;
}

/**
 * A control's new value. The field has already shown it (SettingsPanel's echo); the rest waits for the next paint
 * (docs/editor.md, "Typing responsiveness"): recorded (undoable, autosaved), then applied in place when the handler
 * can, else the element re-created. The element and its handlers live in the canvas (its iframe's document and
 * runtime); before it has loaded there is nothing to update in place. `applied` runs once the document holds it.
 */
export function useControlChange(node: ElementNode | null, deps: ControlChangeDeps) {
  const queue = useRef<Array<{ edit: ControlEdit; applied?: () => void }>>([]);
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });
  return (control: ControlSchema, value: unknown, forDevice: string, applied?: () => void) => {
    if (!node) return;
    queue.current.push({ edit: { id: node.id, control, value, device: forDevice }, applied });
    if (queue.current.length > 1) return; // already waiting: applied with the others, in order
    depsRef.current.later(() => {
      const edits = queue.current;
      queue.current = [];
      // In order, each on the tree the ones before it made (none of them rendered yet).
      let tree = depsRef.current.treeRef.current;
      for (const { edit, applied: done } of edits) {
        tree = applyNow(edit, tree, depsRef.current);
        done?.();
      }
    });
  };
}

/** Records the edit and updates the canvas's element; answers the tree with the edit applied. */
function applyNow(e: ControlEdit, tree: ElementNode[], { canvas, commit, remount }: ControlChangeDeps): ElementNode[] {
  const before = findNode(tree, e.id);
  if (!before) return tree;
  const { key, value } = settingOf(e, before.settings);
  if (sameValue(before.settings[key], value)) return tree;
  commit((present) => applyControlEdit(present, e), `${e.id}:${key}:${e.control.subKey ?? ''}`);
  const { control } = e;
  const runtime = canvas?.runtime ?? null;
  const el = canvas?.doc.querySelector<HTMLElement>(`.editor-preview [data-id="${CSS.escape(e.id)}"]`) ?? null;
  if (control.live && el && runtime?.handlersOf(el).length) {
    void runtime.updateSettings(el, { [key]: value }); // in place: the carousel keeps its Swiper instance
  } else if (control.type !== 'richtext' && !onlyStylesTheElement(key)) {
    // Re-created, as a handler reads its settings once; a colour or a size only rewrites the element's stylesheet.
    // Only when the element itself (or what it holds) has a handler, or the setting is one the runtime reads
    // (it may connect a handler, e.g. an entrance animation), and then that element alone: a heading's title
    // re-renders in place, and a carousel's change leaves a sibling carousel's Swiper alone.
    const runtimeReads = [...COMMON_FRONTEND_SETTINGS, ...(widgets[before.widgetType ?? '']?.frontendSettings ?? [])].includes(control.key);
    if (runtimeReads || hasHandlers(runtime, el)) remount(e.id);
  }
  return updateSettings(tree, e.id, { [key]: value });
}
