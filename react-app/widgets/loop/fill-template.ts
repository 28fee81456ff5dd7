import type { ElementNode } from '../types';
import type { LoopItemData } from './types';
import { escapeHtml } from '../../../core/security/escape-html';

// A loop-item template is an ordinary element tree whose string settings may hold placeholders
// ({{title}}, {{url}}, {{image}}, {{summary}}, {{meta}}); each item renders the tree with its values.
// Values are plain text: inside HTML settings (the text editor's `editor`) they are escaped first.

const PLACEHOLDER = /\{\{\s*(id|title|url|image|summary|meta)\s*\}\}/g;
const HTML_KEYS = new Set(['editor']);

function fill(value: unknown, item: LoopItemData, html: boolean): unknown {
  if (typeof value === 'string')
    return value.replace(PLACEHOLDER, (_m, key: keyof LoopItemData) => (html ? escapeHtml(String(item[key])) : String(item[key])));
  if (Array.isArray(value)) return value.map((v) => fill(v, item, html));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, item, html || HTML_KEYS.has(k))]));
  return value;
}

export function fillTemplate(tree: ElementNode[], item: LoopItemData): ElementNode[] {
  return tree.map((node) => ({
    ...node,
    id: node.id,
    settings: Object.fromEntries(Object.entries(node.settings ?? {}).map(([k, v]) => [k, fill(v, item, HTML_KEYS.has(k))])),
    elements: fillTemplate(node.elements ?? [], item),
  }));
}
