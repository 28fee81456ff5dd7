/** What the runtime build takes from the widget folders; see widget-build.mjs. */
import type { HandlerEntry } from '../core/handlers/registry';
export const WIDGETS_DIR: string;
export function widgetHandlerChunks(root?: string): Record<string, string>;
export function widgetFolders(root?: string): string[];
export function widgetBehaviours(root?: string): Promise<{ lines: HandlerEntry[]; styles: Record<string, string[]> }>;
