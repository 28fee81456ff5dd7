import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Element } from './element';
import type { ElementNode, RenderContext } from './types';

// Server-rendered runtime widgets: ARIA markup the handlers rely on, and every setting escaped
// (text-path had a stored XSS in the page builder, CVE-2024-2117).

const ctx: RenderContext = { sanitizeHtml: (html) => html.replace(/<script[\s\S]*?<\/script>/gi, ''), isEdit: false, data: {} };
const render = (widgetType: string, settings: Record<string, unknown>, elements: ElementNode[] = []) =>
  renderToStaticMarkup(<Element node={{ id: 'abc123', elType: 'widget', widgetType, settings, elements }} ctx={ctx} />);

const XSS = '"><img src=x onerror=alert(1)><script>alert(1)</script>';

describe('text-path escapes everything (CVE-2024-2117)', () => {
  it('renders text as text, refuses javascript: links and unknown paths or alignments', () => {
    const html = render('text-path', {
      text: XSS,
      link: { url: 'javascript:alert(1)' },
      path: '"><script>',
      align: '" onmouseover="x',
      text_path_direction: 'rtl" onload="x',
    });
    expect(html).not.toMatch(/<img|<script|javascript:|onmouseover=|onload=|onerror="/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('data-align="start"');
    expect(html).toContain('data-type="wave"');
    expect(html).toContain('direction="ltr"');
  });

  it('wraps the drawing in a safe link', () => {
    const html = render('text-path', { text: 'Fresh', link: { url: '/shop' }, path: 'arc', align: 'center' });
    expect(html).toMatch(/<a href="\/shop" aria-label="Fresh"><svg[^>]*aria-hidden="true"/);
  });
});

describe('data-model-cid', () => {
  it('every element carries its model cid in edit mode, and visitors never see one', () => {
    const node: ElementNode = {
      id: 'box1',
      elType: 'container',
      settings: {},
      elements: [{ id: 'head1', elType: 'widget', widgetType: 'heading', settings: { title: 'Hi' }, elements: [] }],
    };
    const edit = renderToStaticMarkup(<Element node={node} ctx={{ ...ctx, isEdit: true }} />);
    expect(edit).toContain('data-id="box1" data-model-cid="cbox1"');
    expect(edit).toContain('data-id="head1" data-model-cid="chead1"');
    expect(renderToStaticMarkup(<Element node={node} ctx={ctx} />)).not.toContain('data-model-cid');
  });
});

describe('widget markup', () => {
  it('accordion: header buttons control their regions, the first open', () => {
    const html = render('accordion', {
      tabs: [
        { tab_title: 'One', tab_content: '<p>A</p>' },
        { tab_title: 'Two', tab_content: '<p>B</p>' },
      ],
    });
    expect(html).toContain(
      '<button type="button" id="e-acc-abc123-1" class="e-accordion-title" aria-expanded="true" aria-controls="e-acc-abc123-1-panel">',
    );
    expect(html).toContain(
      'id="e-acc-abc123-2-panel" class="e-accordion-content" role="region" aria-labelledby="e-acc-abc123-2" hidden=""',
    );
  });

  it('tabs: a tablist with one tab in the tab order', () => {
    const html = render('tabs', { tabs: [{ tab_title: 'A' }, { tab_title: 'B' }] });
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="tab" id="e-tab-abc123-1"[^>]*aria-selected="true"[^>]*tabindex="0"/);
    expect(html).toMatch(/role="tab" id="e-tab-abc123-2"[^>]*aria-selected="false"[^>]*tabindex="-1"/);
  });

  it('video: never autoplays with sound; a lightbox overlay links to the provider URL', () => {
    const hosted = render('video', { video_type: 'hosted', hosted_url: { url: '/media/x.mp4' }, autoplay: 'yes' });
    expect(hosted).toContain('muted=""');
    expect(hosted).toContain('autoPlay=""');
    expect(render('video', { video_type: 'hosted', hosted_url: { url: '/media/x.mp4' } })).not.toContain('autoPlay');
    const overlay = render('video', {
      youtube_url: 'https://youtu.be/dQw4w9WgXcQ',
      show_image_overlay: 'yes',
      image_overlay: { url: '/a.svg' },
      lightbox: 'yes',
    });
    expect(overlay).toContain('data-elementor-lightbox-video="https://youtu.be/dQw4w9WgXcQ"');
    expect(render('video', { youtube_url: 'javascript:alert(1)//youtu.be/x' })).not.toContain('javascript:');
  });

  it('contact buttons: only tel, sms, mailto and safe links', () => {
    const html = render('contact-buttons', {
      contact_buttons: [
        { contact_icon_platform: 'phone', phone: '+1 (412) 555-0100', label: 'Call' },
        { contact_icon_platform: 'url', url: 'javascript:alert(1)', label: 'Bad' },
        { contact_icon_platform: 'email', mail: 'a@b.test"><x', label: 'Mail' },
      ],
    });
    expect(html).toContain('href="tel:+14125550100"');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Bad');
    expect(html).not.toContain('mailto:');
  });

  it('contact buttons: a text message to a phone number as typed, dialled as digits; words are no number', () => {
    const sms = (phone: string) => render('contact-buttons', { contact_buttons: [{ contact_icon_platform: 'sms', phone, label: 'Text' }] });
    expect(sms('412.555.0101')).toContain('href="sms:4125550101"');
    expect(sms('call me')).not.toContain('Text');
  });

  it.each([
    [
      'image-carousel',
      {
        carousel: [
          { url: '/a.svg', alt: 'A' },
          { url: '/b.svg', alt: 'B' },
        ],
        carousel_name: 'Deals',
      },
    ],
    ['slides', { slides: [{ heading: 'One' }, { heading: 'Two' }], slides_name: 'Deals' }],
  ])('%s: a region announced as a carousel, each slide a group with its place', (type, settings) => {
    const html = render(type, settings);
    expect(html).toMatch(/class="[^"]*swiper" role="region" aria-roledescription="carousel" aria-label="Deals" dir="ltr"/);
    expect(html.match(/role="group" aria-roledescription="slide" aria-label="\d of 2"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="2 of 2"');
  });

  it('counter shows the end value for visitors without motion', () => {
    expect(render('counter', { ending_number: 1250, thousand_separator: 'yes', title: 'Farms' })).toContain('>1,250<');
  });
});
