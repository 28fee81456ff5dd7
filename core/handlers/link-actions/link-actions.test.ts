// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { encodeActionHref } from '../../wire/action-href';
import { mountHandler } from '../testing/handler-harness';
import LinkActionsHandler from './link-actions';

// A click on an action link asks over the bus: the href's off_canvas: actions become offcanvas: events.
describe('link actions', () => {
  it.each([
    ['off_canvas:open', 'offcanvas:open'],
    ['off_canvas:toggle', 'offcanvas:toggle'],
    ['off_canvas:close', 'offcanvas:close'],
  ] as const)('%s emits %s with the widget id, and names the panel it controls', (action, event) => {
    const href = encodeActionHref(action, { id: 'c0ffee' });
    const { handler, element, bus } = mountHandler<LinkActionsHandler>(LinkActionsHandler, `<a href="${href}">Menu</a>`, {});
    const seen: unknown[] = [];
    bus.on(event, (payload) => seen.push(payload));
    handler.connect();
    element.click();
    expect(seen).toEqual([{ id: 'c0ffee' }]);
    expect(element.getAttribute('aria-controls')).toBe('off-canvas-c0ffee');
  });

  it('opens a popup with its id', () => {
    const seen: unknown[] = [];
    const { handler, bus } = mountHandler<LinkActionsHandler>(LinkActionsHandler, '<a href="#">x</a>', {});
    bus.on('popup:open', (payload) => seen.push(payload));
    handler.run({ action: 'popup:open', id: '7', toggle: false });
    expect(seen).toEqual([{ id: '7', toggle: false }]);
  });
});
