import { z } from 'zod';
import type { ElementNode } from '../../../react-app/widgets/types';
import { widgets } from '../../../react-app/widgets';
import { sanitize } from '../sanitize';
import { nodeSettingsProblem } from '../../../react-app/widgets/controls/schema';
import { customCssProblem, scopeCustomCss } from '../../../react-app/widgets/controls/custom-css';
import { provideCustomCss } from '../../../react-app/widgets/controls/custom-css-loader';
import { globalReferenceProblem, isGlobalReference } from '../../../core/documents/global-widgets';

// The server checks and renders custom CSS at once (the editor loads the parser lazily: custom-css-loader.ts).
provideCustomCss({ scopeCustomCss, customCssProblem });

// The element tree the editor saves: checked for shape and size, editor HTML sanitised before it is stored.
export const MAX_ELEMENTS = 500;
export const MAX_DEPTH = 8;

const nodeSchema: z.ZodType<ElementNode> = z.lazy(() =>
  z.object({
    id: z.string().regex(/^[a-z0-9]{1,16}$/i, 'must be 1-16 letters or digits'),
    elType: z.enum(['container', 'widget']),
    widgetType: z.string().max(60).optional(),
    settings: z.record(z.string().max(80), z.unknown()),
    elements: z.array(nodeSchema).max(100),
  }),
);

export const treeSchema = z.array(nodeSchema).max(100);

/** A problem in the tree: its message, and the element and setting it concerns when it is a setting. */
export interface TreeProblem {
  message: string;
  element?: string;
  setting?: string;
}

function walk(nodes: ElementNode[], depth: number, seen: Set<string>): TreeProblem | string | null {
  if (depth > MAX_DEPTH) return `Elements may be nested at most ${MAX_DEPTH} levels deep.`;
  for (const n of nodes) {
    if (seen.has(n.id)) return `Element id ${n.id} is used twice.`;
    seen.add(n.id);
    if (seen.size > MAX_ELEMENTS) return `A document may hold at most ${MAX_ELEMENTS} elements.`;
    // A global widget reference names a document; that it exists is checked with the database (services/global-widgets.ts).
    if (isGlobalReference(n)) {
      const problem = globalReferenceProblem(n);
      if (problem) return { message: problem, element: n.id, setting: 'global_id' };
      continue;
    }
    if (n.elType === 'widget' && (!n.widgetType || !widgets[n.widgetType])) return `Unknown widget type: ${n.widgetType ?? '(none)'}.`;
    if (n.elType === 'widget' && n.elements.length && !widgets[n.widgetType ?? '']?.holdsElements)
      return `${widgets[n.widgetType ?? '']?.title ?? 'This widget'} cannot contain other elements.`;
    // The control schema is the single source: an undeclared setting or a value of the wrong type is refused.
    const settingProblem = nodeSettingsProblem(n, customCssProblem);
    if (settingProblem) return { message: settingProblem.message, element: n.id, setting: settingProblem.key };
    const inner = walk(n.elements, depth + 1, seen);
    if (inner) return inner;
  }
  return null;
}

/** A structural or settings problem in the tree, or null when it is fine. */
export function treeProblem(tree: ElementNode[]): TreeProblem | null {
  const p = walk(tree, 1, new Set());
  return typeof p === 'string' ? { message: p } : p;
}

/** A copy of the tree with every rich-text setting sanitised. */
export function sanitizeTree(tree: ElementNode[]): ElementNode[] {
  return tree.map((n) => {
    const settings = { ...n.settings };
    if (n.widgetType === 'text-editor' && typeof settings.editor === 'string') settings.editor = sanitize(settings.editor);
    return { ...n, settings, elements: sanitizeTree(n.elements) };
  });
}
