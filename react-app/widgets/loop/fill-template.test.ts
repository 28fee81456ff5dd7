import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fill-template';

const item = {
  id: 7,
  title: 'Fish & <Chips>',
  url: '/recipes/fish',
  image: '/media/recipes/7.svg',
  summary: 'Crispy "fish"',
  meta: '20 min',
};

describe('loop item template', () => {
  it('fills placeholders in nested settings; escapes values inside HTML settings only', () => {
    const [out] = fillTemplate(
      [
        {
          id: 'a',
          elType: 'container',
          settings: {},
          elements: [
            {
              id: 'b',
              elType: 'widget',
              widgetType: 'heading',
              settings: { title: '{{title}}', link: { url: '{{ url }}' } },
              elements: [],
            },
            { id: 'c', elType: 'widget', widgetType: 'text-editor', settings: { editor: '<p>{{summary}} · {{meta}}</p>' }, elements: [] },
          ],
        },
      ],
      item,
    );
    expect(out.elements[0].settings).toEqual({ title: 'Fish & <Chips>', link: { url: '/recipes/fish' } });
    expect(out.elements[1].settings.editor).toBe('<p>Crispy &#34;fish&#34; · 20 min</p>');
  });
});
