import type { Kysely } from 'kysely';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ElementTree } from '../../react-app/widgets/element';
import type { ElementNode, RenderContext } from '../../react-app/widgets/types';
import type { Database } from '../db/schema';
import { findDocumentsByIds, listPublishedMeta } from '../services/documents/repository';
import { expandForRender } from '../services/global-widgets';

// Popups are documents of type 'popup': an element tree, popup settings (with `timing` and `triggers`) and
// display conditions saying which pages carry them. Each targeted page gets the popup rendered hidden as a
// native <dialog>; the popups chunk of the runtime decides when it shows.

/** Which pages a popup is on: include rules add pages, exclude rules remove them. `pages: 'all'` is every page. */
export interface PopupCondition {
  type: 'include' | 'exclude';
  pages: 'all' | string[];
}

export interface PopupDocument {
  id: number;
  title: string;
  tree: ElementNode[];
  settings: Record<string, unknown>;
  conditions: PopupCondition[];
}

const matches = (c: PopupCondition, slug: string): boolean => c.pages === 'all' || (Array.isArray(c.pages) && c.pages.includes(slug));

/** True when the conditions include the page (by its slug, 'home' for '/') and no exclude rule removes it. */
export function popupTargetsPage(conditions: unknown, slug: string): boolean {
  if (!Array.isArray(conditions)) return false;
  const valid = conditions.filter(
    (c): c is PopupCondition => !!c && typeof c === 'object' && (c.type === 'include' || c.type === 'exclude'),
  );
  return valid.some((c) => c.type === 'include' && matches(c, slug)) && !valid.some((c) => c.type === 'exclude' && matches(c, slug));
}

/** The site's wall clock ('YYYY-MM-DD HH:mm:ss' in the server's zone), for the schedule rule's 'site' timezone. */
export function serverDatetime(now: Date = new Date()): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}:${p(now.getMinutes())}:${p(now.getSeconds())}`;
}

/** The settings the runtime reads, with the site clock filled in when a schedule uses it. */
export function frontendPopupSettings(settings: Record<string, unknown>, now: Date = new Date()): Record<string, unknown> {
  const timing = settings.timing && typeof settings.timing === 'object' ? { ...(settings.timing as Record<string, unknown>) } : undefined;
  if (timing?.schedule === 'yes') timing.schedule_server_datetime = serverDatetime(now);
  return { ...settings, ...(timing ? { timing } : {}) };
}

export async function loadPopupsFor(db: Kysely<Database>, slug: string, now = Date.now()): Promise<PopupDocument[]> {
  // Conditions first (small), trees only for the popups this page carries: this runs on every page view.
  const candidates = await listPublishedMeta(db, 'popup', undefined, now);
  const ids = candidates.filter((c) => popupTargetsPage(c.conditions, slug)).map((c) => c.id);
  const rows = await findDocumentsByIds(db, ids, now);
  const trees = await Promise.all(rows.map((r) => expandForRender(db, r.tree, now)));
  return rows.map((r, i) => ({
    id: r.id,
    title: r.title,
    tree: trees[i],
    settings: r.settings,
    conditions: r.conditions as PopupCondition[],
  }));
}

function CloseIcon(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** One popup: a hidden modal dialog named by its title, with a close button and the element tree. */
export function PopupMarkup({ popup, ctx, now }: { popup: PopupDocument; ctx: RenderContext; now?: number }): ReactNode {
  const position = popup.settings.close_button_position === 'outside' ? 'outside' : 'inside';
  return (
    <dialog
      className={`e-popup elementor-popup-modal e-popup--close-${position}`}
      id={`elementor-popup-modal-${popup.id}`}
      data-elementor-type="popup"
      data-elementor-id={String(popup.id)}
      aria-label={popup.title}
      data-settings={JSON.stringify(frontendPopupSettings(popup.settings, now === undefined ? undefined : new Date(now)))}
    >
      <div className="e-popup__content dialog-widget-content">
        <button type="button" className="e-popup__close dialog-close-button" aria-label="Close">
          <CloseIcon />
        </button>
        <div className={`elementor elementor-${popup.id} e-popup__body`}>
          <ElementTree elements={popup.tree} ctx={ctx} />
        </div>
      </div>
    </dialog>
  );
}

/** The markup of the page's popups (loaded by loadPopupsFor, their tags resolved); empty when there are none. */
export function renderPopups(popups: PopupDocument[], ctx: RenderContext, now?: number): string {
  if (!popups.length) return '';
  return renderToStaticMarkup(
    <div className="e-popups">
      {popups.map((p) => (
        <PopupMarkup key={p.id} popup={p} ctx={ctx} now={now} />
      ))}
    </div>,
  );
}

/** Editors and administrators see the popup explainer panel with `?preview=true`. */
export function isPopupPreview(query: unknown, roles: string[] | undefined): boolean {
  const q = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  return q.preview === 'true' && !!roles?.some((r) => r === 'editor' || r === 'administrator');
}

/** '/' is the home page; other paths are their slug. */
export function slugOfPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: match on the raw path
  }
  const slug = decoded.replace(/^\/+|\/+$/g, '').toLowerCase();
  return slug || 'home';
}
