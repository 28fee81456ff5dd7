import { describe, expect, it } from 'vitest';
import { encodeActionHref, parseActionHref } from './action-href';

describe('link action hrefs', () => {
  it('round-trips every action', () => {
    expect(parseActionHref(encodeActionHref('popup:open', { id: '50' }))).toEqual({ action: 'popup:open', id: '50', toggle: false });
    expect(parseActionHref(encodeActionHref('popup:open', { id: 51, toggle: 'yes' }))).toEqual({
      action: 'popup:open',
      id: '51',
      toggle: true,
    });
    expect(parseActionHref(encodeActionHref('popup:close', { do_not_show_again: 'yes' }))).toEqual({
      action: 'popup:close',
      doNotShowAgain: true,
    });
    expect(parseActionHref(encodeActionHref('off_canvas:open', { id: 'c0ffee' }))).toEqual({ action: 'off_canvas:open', id: 'c0ffee' });
    expect(parseActionHref(encodeActionHref('off_canvas:toggle', { id: 'c0ffee' }))).toEqual({ action: 'off_canvas:toggle', id: 'c0ffee' });
    expect(parseActionHref(encodeActionHref('off_canvas:close'))).toEqual({ action: 'off_canvas:close' });
    expect(parseActionHref(encodeActionHref('reload_page'))).toEqual({ action: 'reload_page' });
  });

  it('reads the documented format, also after a page URL', () => {
    expect(parseActionHref('#elementor-action:action=popup:open&settings=eyJpZCI6IjUwIn0=')).toEqual({
      action: 'popup:open',
      id: '50',
      toggle: false,
    });
    expect(parseActionHref('/recipes#elementor-action:action=reload_page')).toEqual({ action: 'reload_page' });
  });

  it('reads hrefs percent-encoded the way the page builder writes them', () => {
    // {"id":"32","toggle":false} as Elementor stores it in a button link.
    expect(parseActionHref('#elementor-action%3Aaction%3Dpopup%3Aopen%26settings%3DeyJpZCI6IjMyIiwidG9nZ2xlIjpmYWxzZX0%3D')).toEqual({
      action: 'popup:open',
      id: '32',
      toggle: false,
    });
    expect(parseActionHref('#elementor-action%3aaction%3Doff_canvas%3Atoggle%26settings%3DeyJpZCI6ImFiYzEyMyJ9')).toEqual({
      action: 'off_canvas:toggle',
      id: 'abc123',
    });
    expect(parseActionHref('#elementor-action%3Aaction%3Dreload_page')).toEqual({ action: 'reload_page' });
    expect(parseActionHref('#elementor-action%3Aaction%3Dpopup%3Aopen%26settings%3D%E0%A4%A')).toBeNull();
  });

  it.each([
    '#top',
    '#elementor-action:action=lightbox',
    '#elementor-action:action=popup:open',
    '#elementor-action:action=popup:open&settings=not*base64',
    `#elementor-action:action=popup:open&settings=${btoa('[1]')}`,
    `#elementor-action:action=popup:open&settings=${btoa('{"id":"<img src=x>"}')}`,
  ])('rejects %s', (href) => expect(parseActionHref(href)).toBeNull());
});
