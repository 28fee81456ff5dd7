import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { settingsProblem } from '../../core/wire/settings-validation';
import { WIDGET_ICONS } from '../../core/catalogue/widget-icons';
import { Element } from './element';
import { widgets } from './index';
import { controlsOf } from './controls/schema';
import type { RenderContext } from './types';

// The basic widgets a grocer's pages need (Button, Icon, Icon List, Spacer, Divider): what each renders with the
// defaults the editor gives a new one, that those defaults pass the server's check on save, and that settings
// cannot break out of their markup.

const ctx: RenderContext = { sanitizeHtml: (html) => html, isEdit: false, data: {} };
const render = (widgetType: string, settings: Record<string, unknown>) =>
  renderToStaticMarkup(<Element node={{ id: 'w1', elType: 'widget', widgetType, settings, elements: [] }} ctx={ctx} />);
const withDefaults = (type: string) => structuredClone(widgets[type].defaults ?? {});
const XSS = '"><img src=x onerror=alert(1)>';

describe.each(['button', 'icon', 'icon-list', 'spacer', 'divider'])('the %s widget', (type) => {
  it('has defaults the server accepts on save', () => {
    expect(settingsProblem(controlsOf({ elType: 'widget', widgetType: type }), withDefaults(type))).toBeNull();
  });

  it('escapes what settings hold', () => {
    const settings = Object.fromEntries(Object.keys(withDefaults(type)).map((k) => [k, XSS]));
    expect(render(type, settings)).not.toMatch(/<img src=x|onerror="/);
  });
});

describe('Button', () => {
  it('links where it says, with the shop-intent look when it goes into the shop', () => {
    expect(render('button', withDefaults('button'))).toMatch(
      /<a class="elementor-button elementor-size-md button--shop-intent" href="\/shop"><span class="elementor-button-text">Shop this week’s deals<\/span><\/a>/,
    );
    expect(render('button', { text: 'Recipes', link: { url: '/recipes' }, size: 'lg' })).toContain(
      '<a class="elementor-button elementor-size-lg" href="/recipes">',
    );
  });

  it('refuses a javascript: link (shows the text, no link)', () => {
    const html = render('button', { text: 'Go', link: { url: 'javascript:alert(1)' } });
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<span class="elementor-button elementor-size-md"><span class="elementor-button-text">Go</span></span>');
  });
});

describe('Icon', () => {
  it('draws a named icon of the set; decorative without a label or link, named with one', () => {
    expect(render('icon', withDefaults('icon'))).toContain(
      '<img class="elementor-icon" src="/media/icons/basket.svg" alt="" width="64" height="64"',
    );
    expect(render('icon', { icon: 'carrot', link: { url: '/produce' } })).toContain('alt="Carrot"');
    expect(render('icon', { icon: 'carrot', label: 'Fresh vegetables' })).toContain('alt="Fresh vegetables"');
  });

  it('never asks for an icon outside the set', () => {
    expect(render('icon', { icon: '../../etc/passwd' })).toContain('src="/media/icons/shopping-cart.svg"');
    expect(Object.keys(WIDGET_ICONS).every((name) => /^[a-z-]+$/.test(name))).toBe(true);
  });
});

describe('Icon List', () => {
  it('lists each item with its icon, linked where it has a link', () => {
    const html = render('icon-list', withDefaults('icon-list'));
    expect(html.match(/<li class="elementor-icon-list-item">/g)).toHaveLength(3);
    expect(html).toContain('src="/media/icons/leafy-green.svg" alt=""');
    expect(html).toMatch(/<a href="\/shop#!\/coupons">.*Digital coupons every week/);
  });
});

describe('Spacer and Divider', () => {
  it('a spacer is as tall as set, within 1–600 px', () => {
    expect(render('spacer', { space: { size: 120, unit: 'px' } })).toContain('height:120px');
    expect(render('spacer', { space: { size: 9000, unit: 'px' } })).toContain('height:600px');
    expect(render('spacer', { space: 'tall' })).toContain('height:50px');
  });

  it('a divider is a rule with its style, weight and width, and only a colour value as colour', () => {
    const html = render('divider', { style: 'dashed', weight: { size: 3 }, width: { size: 40 }, color: '#2f6b3a' });
    expect(html).toMatch(
      /<hr class="elementor-divider-separator" style="border-top-style:dashed;border-top-width:3px;width:40%;border-top-color:#2f6b3a"\/>/,
    );
    expect(render('divider', { color: 'red;background:url(x)' })).not.toContain('background');
  });
});
