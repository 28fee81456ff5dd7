// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { HandlerRegistry } from './registry';

const el = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.firstElementChild as HTMLElement;
};

describe('HandlerRegistry', () => {
  it('matches by widget type (before the dot) and by element type', () => {
    const r = new HandlerRegistry()
      .register({ widget: 'image-carousel', chunk: 'carousel' })
      .register({ element: 'container', chunk: 'stretch' });
    expect(
      r.forElement(el('<div data-element_type="widget" data-widget_type="image-carousel.default"></div>'), {}).map((e) => e.chunk),
    ).toEqual(['carousel']);
    expect(r.forElement(el('<div data-element_type="container"></div>'), {}).map((e) => e.chunk)).toEqual(['stretch']);
    expect(r.forElement(el('<div data-element_type="widget" data-widget_type="heading.default"></div>'), {})).toEqual([]);
  });

  it('rejects entries without a chunk or a target, with the argument-check messages', () => {
    const r = new HandlerRegistry();
    expect(() => r.register(undefined as never)).toThrow('entry is required.');
    expect(() => r.register({ chunk: 5 } as never)).toThrow('chunk invalid type');
    expect(() => r.register({ chunk: 'x' })).toThrow('widget is required.');
  });

  it('finds an element type and a widget type entries in registration order, and none for an element without handlers', () => {
    const registry = new HandlerRegistry()
      .register({ element: 'widget', chunk: 'motion', when: (s) => !!s._animation })
      .register({ widget: 'counter', chunk: 'counter' })
      .register({ element: 'widget', chunk: 'sticky' })
      .register({ selector: 'body', chunk: 'vitals' });
    expect(registry.candidates('widget', 'counter').map((e) => e.chunk)).toEqual(['motion', 'counter', 'sticky']);
    expect(registry.matching('widget', 'counter', {}).map((e) => e.chunk)).toEqual(['counter', 'sticky']);
    expect(registry.candidates('container', 'heading')).toEqual([]);
  });
});
