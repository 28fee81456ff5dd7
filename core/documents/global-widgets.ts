import type { ElementNode } from '../wire/document';

// Global widgets: a widget saved as a document of its own (type `global-widget`, its tree one widget) and placed
// on pages by reference, so one edit (published in its own editor) changes every page that uses it. A page holds
// a reference node `{ widgetType: 'global', settings: { global_id: '12' } }`; the renderer puts the stored widget
// in its place under the reference's id (so each use has its own element id and scoped CSS). Unlinking turns a
// reference back into a local copy. Pure: shared by the server (render, checks on save) and the editor.
// docs/editor.md, "Global widgets and custom CSS".

/** The widget type of a reference node. */
export const GLOBAL_WIDGET_TYPE = 'global';
/** The document type that stores a global widget. */
export const GLOBAL_WIDGET_DOC_TYPE = 'global-widget';
/** The reference's one setting: the global widget's document id, as digits (so a text search finds it exactly). */
export const GLOBAL_ID_KEY = 'global_id';

export const isGlobalReference = (node: Pick<ElementNode, 'elType' | 'widgetType'>): boolean =>
  node.elType === 'widget' && node.widgetType === GLOBAL_WIDGET_TYPE;

/** The global widget a reference names, or null (not a reference, or a malformed one). */
export function globalIdOf(node: ElementNode): number | null {
  if (!isGlobalReference(node)) return null;
  const raw = node.settings[GLOBAL_ID_KEY];
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function globalReference(id: string, globalId: number): ElementNode {
  return { id, elType: 'widget', widgetType: GLOBAL_WIDGET_TYPE, settings: { [GLOBAL_ID_KEY]: String(globalId) }, elements: [] };
}

/** What a stored text holding the reference contains: the exact JSON of the setting (`"global_id":"12"`). */
export const globalIdNeedle = (globalId: number): string => `"${GLOBAL_ID_KEY}":"${globalId}"`;

/** Why a reference node is malformed, or null. */
export function globalReferenceProblem(node: ElementNode): string | null {
  const keys = Object.keys(node.settings);
  if (globalIdOf(node) === null || keys.length !== 1)
    return `Global widget (${node.id}): setting "${GLOBAL_ID_KEY}" must be the id of a global widget.`;
  if (node.elements.length) return `Global widget (${node.id}) cannot contain other elements.`;
  return null;
}

/** Why an element cannot be saved as a global widget (only a single widget, itself no reference), or null. */
export function globalElementProblem(tree: ElementNode[]): string | null {
  if (tree.length !== 1) return 'A global widget holds exactly one widget.';
  const [el] = tree;
  if (el.elType !== 'widget') return 'Only a widget can be a global widget, not a container.';
  if (isGlobalReference(el)) return 'A global widget cannot be another global widget.';
  if (el.elements.length) return 'Only a widget without inner elements can be a global widget.';
  return null;
}

/** Every global widget a tree references. */
export function collectGlobalIds(tree: readonly ElementNode[], out = new Set<number>()): Set<number> {
  for (const n of tree) {
    const gid = globalIdOf(n);
    if (gid !== null) out.add(gid);
    collectGlobalIds(n.elements, out);
  }
  return out;
}

/** The stored widget as one use of it: under the reference's id, marked `elementor-global-<id>` as the page builder does. */
export function globalInstance(ref: ElementNode, stored: ElementNode): ElementNode {
  const classes = typeof stored.settings._css_classes === 'string' ? stored.settings._css_classes : '';
  const marker = `elementor-global-${globalIdOf(ref) ?? ''}`;
  return { ...stored, id: ref.id, settings: { ...stored.settings, _css_classes: `${classes} ${marker}`.trim() } };
}

/**
 * The tree with each reference replaced by its global widget; a reference whose widget is gone (deleted,
 * trashed) renders nothing (the page stays whole). Nodes without references are kept as they are.
 */
export function expandGlobalWidgets(tree: ElementNode[], lookup: (globalId: number) => ElementNode | undefined): ElementNode[] {
  let changed = false;
  const out: ElementNode[] = [];
  for (const n of tree) {
    if (isGlobalReference(n)) {
      changed = true;
      const gid = globalIdOf(n);
      const stored = gid === null ? undefined : lookup(gid);
      if (stored) out.push(globalInstance(n, stored));
      continue;
    }
    const elements = n.elements.length ? expandGlobalWidgets(n.elements, lookup) : n.elements;
    if (elements !== n.elements) changed = true;
    out.push(elements === n.elements ? n : { ...n, elements });
  }
  return changed ? out : tree;
}

/** The tree with the reference `elementId` replaced by a local copy of the global widget (same element id). */
export function unlinkGlobalWidget(tree: ElementNode[], elementId: string, stored: ElementNode): ElementNode[] {
  return tree.map((n) => {
    if (n.id === elementId && isGlobalReference(n)) return structuredClone({ ...stored, id: n.id });
    return n.elements.length ? { ...n, elements: unlinkGlobalWidget(n.elements, elementId, stored) } : n;
  });
}

/** Where the editor's preview finds a global widget's element (RenderContext.data). */
export const globalWidgetDataKey = (globalId: number): string => `global-widget:${globalId}`;
