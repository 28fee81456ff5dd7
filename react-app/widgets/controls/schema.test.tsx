import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { widgets } from '../index';
import { Element } from '../element';
import { controlsOf, nodeSettingsProblem, panelControlsOf, withDefaults } from './schema';
import { customCssProblem } from './custom-css';

const ctx = { sanitizeHtml: (h: string) => h, isEdit: false, data: {} };

describe('control schemas', () => {
  it('show a container one entrance-animation control; the legacy keys stay valid for saved documents', () => {
    const container = { elType: 'container' as const };
    const shown = panelControlsOf(container).filter((c) => /animation/i.test(c.label) && !/duration/i.test(c.label));
    expect(shown.map((c) => c.label)).toEqual(['Entrance animation', 'Animation delay (ms)']);
    const saved = { id: 'c1', elType: 'container' as const, settings: { animation: 'fadeInUp', animation_delay: 200 }, elements: [] };
    expect(nodeSettingsProblem(saved, customCssProblem)).toBeNull();
    expect(nodeSettingsProblem({ ...saved, settings: { animation: 'javascript:alert(1)' } }, customCssProblem)).not.toBeNull();
  });

  it('declare every widget type the runtime renders, each with Content, Style and Advanced controls', () => {
    for (const def of Object.values(widgets)) {
      const tabs = new Set(controlsOf({ elType: 'widget', widgetType: def.type }).map((c) => c.tab ?? 'content'));
      expect([def.type, ...tabs].join(' ')).toBe(`${def.type} content style advanced`);
    }
  });

  it("accept every widget's own defaults (what the editor adds)", () => {
    for (const def of Object.values(widgets)) {
      const node = { id: 'n1', elType: 'widget' as const, widgetType: def.type, settings: def.defaults ?? {}, elements: [] };
      expect(nodeSettingsProblem(node, customCssProblem)).toBeNull();
    }
  });

  it('merge control defaults under the settings once: a carousel without spacing gets 20 px in its data-settings', () => {
    const settings = withDefaults(widgets['image-carousel'], { slides_to_show: '2' });
    expect(settings).toMatchObject({ slides_to_show: '2', image_spacing_custom: { size: 20, unit: 'px' } });
    const html = renderToStaticMarkup(
      <Element
        node={{
          id: 'c1',
          elType: 'widget',
          widgetType: 'image-carousel',
          settings: widgets['image-carousel'].defaults ?? {},
          elements: [],
        }}
        ctx={ctx}
      />,
    );
    expect(html).toContain('&quot;image_spacing_custom&quot;:{&quot;size&quot;:20,&quot;unit&quot;:&quot;px&quot;}');
    const own = { image_spacing_custom: { size: 4, unit: 'px' } };
    expect(withDefaults(widgets['image-carousel'], own).image_spacing_custom).toEqual({ size: 4, unit: 'px' });
  });
});
