import mitt, { type Emitter } from 'mitt';
import type { Navigation } from '../shop/api-types';

/** The handler hook that failed (the runtime's error boundary reports it). */
export type HandlerPhase = 'load' | 'connect' | 'disconnect' | 'device-mode' | 'settings';

// One event bus for the runtime; handlers talk to each other (sticky → stretch, popups → link actions) through it.
export type RuntimeEvents = {
  'handler:attached': { type: string; element: HTMLElement };
  'handler:error': { type: string; element: HTMLElement; error: unknown; phase: HandlerPhase };
  'sticky:change': { element: HTMLElement; sticky: boolean };
  'device-mode:change': { mode: string; previous: string };
  // The store layer (core/store-layer) tells the header when the store is known, loading, and its menu.
  'store:ready': { storeId: number | null };
  'store:loading': { active: boolean };
  'navigation:change': { navigation: Navigation };
  // Link actions (core/handlers/link-actions) ask; the popups module and off-canvas widgets answer.
  'popup:open': { id: string; toggle?: boolean };
  'popup:close': { id?: string; doNotShowAgain?: boolean };
  // The popups module tells when a popup actually showed or hid.
  'popup:shown': { id: string };
  'popup:hidden': { id: string };
  'offcanvas:open': { id: string };
  'offcanvas:close': { id?: string };
  'offcanvas:toggle': { id: string };
  // Loop grids (core/loop-filter): the grid's content was replaced after a filter change.
  'loop-grid:refreshed': { widgetId: string; element: HTMLElement };
};

export type RuntimeBus = Emitter<RuntimeEvents>;

export function createBus(): RuntimeBus {
  return mitt<RuntimeEvents>();
}
