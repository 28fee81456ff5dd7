import type * as CustomCss from './custom-css';
import { CUSTOM_CSS_KEY } from './custom-css-key';

// Custom CSS is parsed with css-tree (custom-css.ts), which is large: it is not in the editor's first bundle. The
// server has it at once (server/services/editor/document-tree.ts provides it when it loads); the editor loads it when a document holds custom CSS or the Custom CSS field is shown. Until then an
// element renders without its custom CSS, never with it unchecked. docs/editor.md, "Global widgets and custom CSS".

export { CUSTOM_CSS_KEY };

type CustomCssModule = Pick<typeof CustomCss, 'scopeCustomCss' | 'customCssProblem'>;

let provided: CustomCssModule | null = null;
let loading: Promise<CustomCssModule> | null = null;

/** The server hands the checker over when it loads (the editor loads it itself: loadCustomCss). */
export function provideCustomCss(module: CustomCssModule): void {
  provided = module;
}

/** The checker when it is loaded; null before (the caller then leaves custom CSS out). */
export const customCssChecker = (): CustomCssModule | null => provided;

/** Loads the checker (once). */
export function loadCustomCss(): Promise<CustomCssModule> {
  if (provided) return Promise.resolve(provided);
  loading ??= import('./custom-css').then((m) => {
    provided = m;
    return m;
  });
  return loading;
}

/** True when an element of the tree holds custom CSS (the editor then loads the checker before it renders). */
export function treeHasCustomCss(nodes: ReadonlyArray<{ settings?: Record<string, unknown>; elements?: unknown[] }>): boolean {
  return nodes.some(
    (n) =>
      (typeof n.settings?.[CUSTOM_CSS_KEY] === 'string' && n.settings[CUSTOM_CSS_KEY] !== '') ||
      treeHasCustomCss((n.elements ?? []) as ReadonlyArray<{ settings?: Record<string, unknown>; elements?: unknown[] }>),
  );
}
