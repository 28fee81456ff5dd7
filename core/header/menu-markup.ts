import { MORE_LABEL, MORE_LINK_AFTER_CHILDREN, SCROLLABLE_AFTER_DEPARTMENTS } from './constants';
import { escapeHtml } from '../security/escape-html';

// The department mega menu's markup, built from the navigation's shop branch. The server renders it into
// the header (so it works without JavaScript) and the header rebuilds it with the same function when the
// store changes. Menu setting 0/1/2: one column, three columns, four columns with scroll arrows.

export interface MenuNode {
  id: string;
  title: string;
  url: string;
  children: MenuNode[];
  selected?: boolean;
}

export type MenuMode = 0 | 1 | 2;

export const readMenuMode = (value: unknown): MenuMode => (value === 0 || value === '0' ? 0 : value === 2 || value === '2' ? 2 : 1);

const safeHref = (url: string): string => (/^(\/(?!\/)|https?:\/\/)/.test(url) ? url : '#');

export const isScrollable = (departments: number): boolean => departments > SCROLLABLE_AFTER_DEPARTMENTS;

/** The children shown under a department, and whether a 'more...' link follows them. */
export function visibleChildren<T>(children: T[]): { shown: T[]; more: boolean } {
  return children.length > MORE_LINK_AFTER_CHILDREN
    ? { shown: children.slice(0, MORE_LINK_AFTER_CHILDREN), more: true }
    : { shown: children, more: false };
}

export const panelClass = (mode: MenuMode, count: number): string =>
  ['mega-panel', `mega-panel--cols-${mode === 0 ? 1 : mode === 1 ? 3 : 4}`, mode !== 2 && isScrollable(count) ? 'is-scrollable' : '']
    .filter(Boolean)
    .join(' ');

function department(node: MenuNode): string {
  const { shown, more } = visibleChildren(node.children);
  const hasChildren = node.children.length > 0;
  const sub = hasChildren
    ? `<button type="button" class="level-open" aria-expanded="false" aria-label="${escapeHtml(node.title)} departments">›</button>` +
      `<ul class="sub-menu" data-level="2"><li class="level-back"><button type="button" class="level-close">Back</button></li>` +
      shown
        .map(
          (c) => `<li><a href="${escapeHtml(safeHref(c.url))}"${c.selected ? ' aria-current="page"' : ''}>${escapeHtml(c.title)}</a></li>`,
        )
        .join('') +
      (more
        ? `<li class="more"><a href="${escapeHtml(safeHref(node.url))}">${MORE_LABEL}<span class="visually-hidden"> ${escapeHtml(node.title)}</span></a></li>`
        : '') +
      '</ul>'
    : '';
  return `<li class="department${hasChildren ? ' has-children' : ''}" data-id="${escapeHtml(node.id)}"><a href="${escapeHtml(safeHref(node.url))}">${escapeHtml(node.title)}</a>${sub}</li>`;
}

/** The inside of the mega panel: arrows in four-column mode, the departments list. */
export function departmentsHtml(departments: MenuNode[], mode: MenuMode): string {
  const list = `<ul class="departments" data-level="1"><li class="level-back"><button type="button" class="level-close">Back</button></li>${departments.map(department).join('')}</ul>`;
  if (mode !== 2) return list;
  return (
    '<button type="button" class="mega-arrow mega-arrow--prev" aria-label="Previous departments" disabled>‹</button>' +
    `<div class="departments-viewport">${list}</div>` +
    '<button type="button" class="mega-arrow mega-arrow--next" aria-label="Next departments">›</button>'
  );
}
