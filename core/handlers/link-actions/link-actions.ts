import { Handler } from '../base';
import { parseActionHref, type LinkAction } from '../../wire/action-href';

/** The bus event of each off-canvas action (the href says off_canvas:, the bus offcanvas:). */
const OFF_CANVAS_EVENTS = {
  'off_canvas:open': 'offcanvas:open',
  'off_canvas:toggle': 'offcanvas:toggle',
  'off_canvas:close': 'offcanvas:close',
} as const;

/** Links whose href is an action (core/wire/action-href.ts): they ask the popups module or off-canvas widgets over the bus. */
export default class LinkActionsHandler extends Handler {
  override connect(): void {
    const action = parseActionHref(this.element.getAttribute('href') ?? '');
    if (!action) return;
    if (action.action.startsWith('off_canvas:') && 'id' in action && action.id)
      this.element.setAttribute('aria-controls', `off-canvas-${action.id}`);
    this.listen(this.element, 'click', (event) => {
      event.preventDefault();
      this.run(action);
    });
  }

  run(action: LinkAction): void {
    switch (action.action) {
      case 'popup:open':
        this.bus.emit('popup:open', { id: action.id, toggle: action.toggle });
        break;
      case 'popup:close':
        this.bus.emit('popup:close', { doNotShowAgain: action.doNotShowAgain });
        break;
      case 'off_canvas:open':
      case 'off_canvas:toggle':
      case 'off_canvas:close':
        this.bus.emit(OFF_CANVAS_EVENTS[action.action], { id: action.id });
        break;
      case 'reload_page':
        location.reload();
        break;
    }
  }
}
