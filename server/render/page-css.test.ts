import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../testing/harness';
import { subsetCss, type CssRules } from './page-css';

// Each page inlines the rules of the site stylesheet it can use (docs/performance.md, "Lighthouse"): the first
// paint waits for no stylesheet, and a page does not carry the rules of widgets and islands it does not have.

const server = useTestServer();

const inlineCss = (html: string): string => /<style id="site-css">([^<]*)<\/style>/.exec(html)?.[1] ?? '';

describe('the CSS a page inlines', () => {
  it('keeps by class, by what code can add and by key, in the stylesheet order', () => {
    const css: CssRules = {
      rules: [
        { css: 'body{margin:0}' },
        { css: '.a{color:red}', any: ['a'] },
        { css: '.b{color:red}', any: ['b'] },
        { at: '@media (max-width:1px)', rules: [{ css: '.b{margin:0}', any: ['b'] }] },
        { at: '@media (max-width:2px)', rules: [{ css: '.a{margin:0}', any: ['a'] }] },
        { css: '.c{color:red}', with: ['widget:slides'] },
      ],
      vocab: { always: [], chunks: {}, islands: {} },
    };
    expect(subsetCss(css, { classes: new Set(['a']), keys: new Set() })).toBe(
      'body{margin:0}.a{color:red}@media (max-width:2px){.a{margin:0}}',
    );
    expect(subsetCss(css, { classes: new Set(), keys: new Set(['widget:slides']) })).toBe('body{margin:0}.c{color:red}');
  });

  it('a page of the site links no stylesheet of its own and inlines the chrome', async () => {
    const { html } = await new Client(server.url).page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link rel="stylesheet" href="\/assets\/site-/);
    const css = inlineCss(head);
    expect(css).toContain('.site-header{');
    // The carousel's bullets are made by Swiper in the browser: kept, as the carousel chunk can add them.
    expect(css).toContain('.swiper-pagination-bullet-active');
    // Not on this page: the staff screen, the drink calculator, the shop's cart.
    expect(css).not.toContain('.staff-slot__title');
    expect(css).not.toContain('.calc-result');
    expect(css).not.toContain('.cart-line');
  });

  it("the home page's carousel brings Swiper's stylesheets inlined: no render-blocking stylesheet link at all", async () => {
    const { html } = await new Client(server.url).page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    const swiper = [...head.matchAll(/<style data-href="(css\/[\w-]+\.css)">/g)].map((m) => m[1]);
    const names = ['css/swiper-', 'css/navigation-', 'css/pagination-', 'css/effect-fade-'];
    expect(swiper).toHaveLength(names.length);
    swiper.forEach((file, i) => expect(file.startsWith(names[i])).toBe(true));
    expect(head).toMatch(/<style data-href="css\/swiper-[\w-]+\.css">[^<]*\.swiper-wrapper\{/);
  });

  it("an island page keeps what the island can show after its first view (the shop's cart), not what it has not", async () => {
    const { html } = await new Client(server.url).page('/shop');
    const css = inlineCss(html);
    expect(html).not.toContain('class="cart-line');
    expect(css).toContain('.cart-line');
    expect(css).not.toContain('.calc-result');
    const contact = inlineCss((await new Client(server.url).page('/contact')).html);
    expect(contact).toContain('.contact-form');
    expect(contact).not.toContain('.cart-line');
    expect(contact.length).toBeLessThan(css.length);
  });
});
