import type { PopupExplanation } from './explanation';
import { PopupVisitorStorage } from './visitor-storage';

/** What the manager needs from each popup on the page. */
export interface ManagedPopup {
  readonly id: string;
  explain(): PopupExplanation;
  open(): void;
  close(doNotShowAgain?: boolean): void;
}

type Listener = () => void;

/**
 * Page-wide popup state shared by every popup handler of the lazily loaded popups chunk: the visitor
 * storage (the boot bundle counts the visit), whether a popup already popped (avoid_multiple_popups),
 * and the console API `window.sitePopups`.
 */
export class PopupManager {
  readonly storage = new PopupVisitorStorage();
  readonly pageLoadedAt = Date.now();
  popped = false;
  private readonly popups = new Map<string, ManagedPopup>();
  private readonly listeners = new Set<Listener>();

  add(popup: ManagedPopup): void {
    this.popups.set(popup.id, popup);
    this.changed();
  }

  remove(popup: ManagedPopup): void {
    if (this.popups.get(popup.id) === popup) this.popups.delete(popup.id);
    this.changed();
  }

  get(id: string): ManagedPopup | undefined {
    return this.popups.get(String(id));
  }

  all(): ManagedPopup[] {
    return [...this.popups.values()];
  }

  /** Tells the explainer panel that something changed. */
  changed(): void {
    this.listeners.forEach((fn) => fn());
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

export interface SitePopupsApi {
  /** Why a popup did or did not show; logs a table of its rules too. */
  explain(id: string | number): PopupExplanation | undefined;
  /** Every popup on the page with its status. */
  list(): PopupExplanation[];
  open(id: string | number): void;
  close(id: string | number, doNotShowAgain?: boolean): void;
}

let current: PopupManager | null = null;

/** The one manager of this page, with the console API installed. */
export function popupManager(): PopupManager {
  if (current) return current;
  const manager = (current = new PopupManager());
  window.sitePopups = {
    explain(id) {
      const popup = manager.get(String(id));
      if (!popup) {
        console.warn(
          `No popup ${String(id)} on this page. Popups here: ${
            manager
              .all()
              .map((p) => p.id)
              .join(', ') || 'none'
          }`,
        );
        return undefined;
      }
      const report = popup.explain();
      console.info(`Popup ${report.id} "${report.title}": ${report.status}: ${report.reason}`);
      if (report.rules.length) console.table(report.rules);
      return report;
    },
    list: () => manager.all().map((p) => p.explain()),
    open: (id) => manager.get(String(id))?.open(),
    close: (id, doNotShowAgain) => manager.get(String(id))?.close(doNotShowAgain),
  };
  return manager;
}

/** Tests only: forget the page's manager. */
export function resetPopupManager(): void {
  current = null;
  delete window.sitePopups;
}
