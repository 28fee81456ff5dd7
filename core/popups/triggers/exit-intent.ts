import { on, type Trigger } from './trigger';

/** exit_intent: fires when the pointer leaves the page at the top edge (towards the tabs and address bar). */
export const exitIntent: Trigger = ({ win, fire }) =>
  on(win.document, 'mouseout', (event) => {
    const e = event as MouseEvent;
    if (e.relatedTarget === null && e.clientY <= 0) fire('pointer left at the top edge');
  });
