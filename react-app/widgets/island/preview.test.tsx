import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Element } from '../element';
import { islandPreviewKey } from './preview';
import type { RenderContext } from '../types';

// The Interactive block in the editor is never blank: the server's first view when there is one, its name otherwise.

const edit = (data: Record<string, unknown> = {}): RenderContext => ({ sanitizeHtml: (h) => h, isEdit: true, data });
const node = { id: 'isl1', elType: 'widget' as const, widgetType: 'island', settings: { island: 'drink-calculator' }, elements: [] };

describe('the interactive block in the editor', () => {
  it('names the block when there is no first view to show', () => {
    const html = renderToStaticMarkup(<Element node={node} ctx={edit()} />);
    expect(html).toContain('Interactive block: <strong>Drink calculator</strong>');
  });

  it('shows the server’s first view, inert', () => {
    const html = renderToStaticMarkup(
      <Element node={node} ctx={edit({ [islandPreviewKey('isl1')]: '<form class="drinks">Guests</form>' })} />,
    );
    // The published page's own element (widget.tsx), so the canvas lays it out alike.
    expect(html).toMatch(/<div data-island="drink-calculator" inert=""><form class="drinks">Guests<\/form><\/div>/);
  });
});
