import { describe, expect, it } from 'vitest';
import { breakpointsOf, defaultSiteSettings, globalStyleCss, siteSettingsProblem, withDefaults } from './site-settings';
import { defaultBreakpoints } from './breakpoints';
import { siteTimeZone, toSiteInput } from '../schedule/site-time';

describe('Site Settings', () => {
  it('defaults are the values the site had before they were editable', () => {
    expect(defaultSiteSettings).toMatchObject({ name: 'Harvest Lane Market', primaryColor: '#2f6b3a' });
    expect(defaultSiteSettings.kit).toMatchObject({
      global_image_lightbox: 'yes',
      lightbox_enable_counter: 'yes',
      department_menu: '1',
      content_targeting: 'store',
    });
    expect(breakpointsOf(defaultSiteSettings.kit)).toEqual(defaultBreakpoints);
    expect(siteSettingsProblem(defaultSiteSettings)).toBeNull();
  });

  it.each([
    [{ kit: { department_menu: 3 } }, 'kit.department_menu'],
    [{ kit: { content_targeting: 'everyone' } }, 'kit.content_targeting'],
    [{ kit: { global_image_lightbox: true } }, 'kit.global_image_lightbox'],
    [{ kit: { viewport_tablet: 1024.5 } }, 'kit.viewport_tablet'],
    [{ kit: { viewport_mobile: 100 } }, 'kit.viewport_mobile'],
    [{ kit: { viewport_mobile: 1000, viewport_tablet: 900 } }, 'kit.viewport_mobile'],
    [{ kit: 'dark' }, 'kit'],
    [{ androidLink: 'http://play.example/app' }, 'androidLink'],
    [{ primaryColor: 'url(x)' }, 'primaryColor'],
    [{ theme: 'x' }, 'theme'],
    [{ name: 'x'.repeat(121) }, 'name'],
    [{ name: 'Harvest\u0007Lane' }, 'name'],
  ])('%j is refused naming %s', (input, field) => {
    const problem = siteSettingsProblem({ ...defaultSiteSettings, ...input });
    expect(problem?.field).toBe(field);
    expect(problem?.message).toContain(`"${field}"`);
  });

  it('a partial saved row keeps the defaults of what it lacks', () => {
    expect(withDefaults({ primaryColor: '#000000', kit: { department_menu: '2' } })).toEqual({
      ...defaultSiteSettings,
      primaryColor: '#000000',
      kit: { ...defaultSiteSettings.kit, department_menu: '2' },
    });
  });

  it('global colours and fonts become CSS variables, and an unsafe value never reaches the stylesheet', () => {
    const css = globalStyleCss({ global_color_primary: '#102030', global_font_text: 'Georgia, serif' });
    expect(css).toContain(':root{--e-global-color-primary:#102030;--brand:#102030;');
    expect(css).toContain('--e-global-typography-text-font-family:Georgia, serif');
    expect(css).toContain('body{font-family:var(--e-global-typography-text-font-family)}');
    const hostile = globalStyleCss(
      { global_color_primary: 'red}</style><script>', global_font_text: 'x;}body{display:none' },
      '.editor-preview',
    );
    expect(hostile).toContain('--e-global-color-primary:#2f6b3a');
    expect(hostile).not.toMatch(/script|display:none/);
    expect(hostile.startsWith('.editor-preview{')).toBe(true);
  });

  it('the site time zone is a setting: schedules follow it, and a zone not offered is refused naming the field', () => {
    expect(siteTimeZone(defaultSiteSettings.kit)).toBe('America/New_York');
    const chicago = withDefaults({ kit: { site_timezone: 'America/Chicago' } });
    expect(siteSettingsProblem(chicago)).toBeNull();
    // 15:00 UTC on 1 Dec 2026 is 10:00 in New York and 09:00 in Chicago.
    expect(toSiteInput(Date.UTC(2026, 11, 1, 15), siteTimeZone(chicago.kit))).toBe('2026-12-01T09:00');
    expect(siteSettingsProblem({ ...defaultSiteSettings, kit: { site_timezone: 'Mars/Olympus' } })?.field).toBe('kit.site_timezone');
  });
});
