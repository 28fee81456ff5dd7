import { controlDefaults, type ControlSchema } from '../../../core/wire/control-schema';
import { settingsProblem } from '../../../core/wire/settings-validation';
import type { ElementNode } from '../../../core/wire/document';
import { widgets } from '../index';
import type { WidgetDefinition } from '../types';
import { ADVANCED_CONTROLS, CONTAINER_CONTROLS, STYLE_CONTROLS } from './common';
import { CUSTOM_CSS_KEY } from './custom-css-loader';

// The complete control schema of an element (its own controls, then the shared Style and Advanced ones),
// the defaults it renders with, and the check the server runs on save. Computed once per widget type.

const complete = new WeakMap<WidgetDefinition, ControlSchema[]>();
const defaults = new WeakMap<object, Record<string, unknown>>();

export function widgetControls(def: WidgetDefinition): ControlSchema[] {
  let list = complete.get(def);
  if (!list) {
    list = [...(def.controls ?? []), ...STYLE_CONTROLS, ...ADVANCED_CONTROLS];
    complete.set(def, list);
  }
  return list;
}

/** Every control of an element node (containers have their own list). */
export function controlsOf(node: Pick<ElementNode, 'elType' | 'widgetType'>): ControlSchema[] {
  if (node.elType === 'container') return CONTAINER_CONTROLS;
  const def = widgets[node.widgetType ?? ''];
  return def ? widgetControls(def) : [];
}

/** The controls the settings panel shows: every control but legacy keys kept only for saved documents. */
export const panelControlsOf = (node: Pick<ElementNode, 'elType' | 'widgetType'>): ControlSchema[] =>
  controlsOf(node).filter((c) => !c.hidden);

/**
 * The control defaults: what a setting is when the document does not say (image spacing 20 px, boxed
 * containers…). A widget's `defaults` are the content a newly added widget starts with, written into the
 * document by the editor, so documents saved before a default existed keep rendering as they were saved.
 */
export function defaultsOf(def: WidgetDefinition | null): Record<string, unknown> {
  const keyObj: object = def ?? CONTAINER_CONTROLS;
  let d = defaults.get(keyObj);
  if (!d) {
    d = controlDefaults(def ? widgetControls(def) : CONTAINER_CONTROLS);
    defaults.set(keyObj, d);
  }
  return d;
}

/** Settings merged once: control defaults → the document's settings (as the page builder merges them). */
export function withDefaults(def: WidgetDefinition | null, settings: Record<string, unknown>): Record<string, unknown> {
  const d = defaultsOf(def);
  let missing = false;
  for (const k in d) if (!(k in settings)) missing = true;
  return missing ? { ...d, ...settings } : settings;
}

/** The first problem of a node's settings, named after the element and the key, or null. */
export function nodeSettingsProblem(
  node: ElementNode,
  /** Custom CSS's own check (custom-css.ts, css-tree: passed in so the schema stays out of its bundle). */
  customCssProblem: (value: unknown) => string | null,
): { key: string; message: string } | null {
  const title = node.elType === 'container' ? 'Container' : (widgets[node.widgetType ?? '']?.title ?? node.widgetType ?? 'Widget');
  // Custom CSS is text to the schema; its own check parses it.
  const css = customCssProblem(node.settings[CUSTOM_CSS_KEY]);
  const problem = settingsProblem(controlsOf(node), node.settings) ?? (css ? { key: CUSTOM_CSS_KEY, message: css } : null);
  return problem ? { key: problem.key, message: `${title} (${node.id}): setting "${problem.key}" ${problem.message}.` } : null;
}
