// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../../../core/config/site-config';
import { createBus } from '../../../core/events/bus';
import { Element } from '../element';
import { widgets } from '../index';
import FormHandler from './handler';

// The Form's handler as a visitor meets it: each problem next to its field (its own check and the server's), the
// first wrong field focused, and the success message once the server took the submission.

const settings = structuredClone(widgets.form.defaults ?? {});

function mountForm(): { element: HTMLElement; handler: FormHandler } {
  const markup = renderToStaticMarkup(
    <div data-elementor-id="42">
      <Element
        node={{ id: 'f1', elType: 'widget', widgetType: 'form', settings, elements: [] }}
        ctx={{ sanitizeHtml: (h) => h, isEdit: false, data: { 'form:f1': { token: '1700000000000.AAAAAAAAAAAAAAAAAAAAAA' } } }}
      />
    </div>,
  );
  document.body.innerHTML = markup;
  const element = document.querySelector<HTMLElement>('[data-id="f1"]')!;
  const handler = new FormHandler({
    element,
    settings: JSON.parse(element.dataset.settings ?? '{}'),
    config: { user: { id: 0, segment_ids: [], roles: [] } } as unknown as SiteConfig,
    bus: createBus(),
    deviceMode: () => 'desktop',
  });
  handler.connect();
  return { element, handler };
}

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const errorOf = (name: string) => document.querySelector(`[data-error-for="${name}"]`)!.textContent;
const submit = () => document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));

let mounted: FormHandler | null = null;
afterEach(() => {
  mounted?.disconnect();
  mounted = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the Form handler', () => {
  it('shows each problem next to its field and focuses the first, sending nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    mounted = mountForm().handler;
    field('email').value = 'not-an-address';
    submit();
    expect(errorOf('name')).toBe('Fill in Name.');
    expect(errorOf('email')).toBe('Enter an e-mail address like name@example.com in E-mail.');
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    expect(field('name').getAttribute('aria-describedby')).toBe('e-form-f1-name-error');
    expect(document.activeElement).toBe(field('name'));
    expect(fetch).not.toHaveBeenCalled();
    // Fixed and left: the message goes.
    field('name').value = 'Ada';
    field('name').dispatchEvent(new Event('blur'));
    expect(errorOf('name')).toBe('');
    expect(field('name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('a problem goes while the field is being put right, not on leaving it, so pressing Send does not move the button', () => {
    vi.stubGlobal('fetch', vi.fn());
    mounted = mountForm().handler;
    submit();
    expect(errorOf('message')).toBe('Fill in Message.');
    field('email').value = 'ada@';
    field('email').dispatchEvent(new Event('input'));
    expect(errorOf('email')).toBe('Fill in E-mail.'); // still wrong: the message stays, no new one while typing
    field('message').value = 'Hello';
    field('message').dispatchEvent(new Event('input'));
    expect(errorOf('message')).toBe('');
    expect(field('message').hasAttribute('aria-invalid')).toBe(false);
  });

  it('sends the fields with the document, the element and the signed time, then says thanks', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7, message: 'Thanks!' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    mounted = mountForm().handler;
    field('name').value = 'Ada';
    field('email').value = 'ada@example.com';
    field('message').value = 'Hello';
    submit();
    await vi.waitFor(() => expect(document.querySelector('.e-form__status')!.textContent).toBe('Thanks! We received your message.'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/wp-json\/site\/v1\/form-submissions$/);
    expect(JSON.parse(String(init.body))).toEqual({
      document_id: 42,
      element_id: 'f1',
      fields: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
      token: '1700000000000.AAAAAAAAAAAAAAAAAAAAAA',
      e_hp_website: '',
    });
    expect(field('name').value).toBe('');
  });

  it('shows the server’s problems next to their fields, and its message when it names none', async () => {
    const answers = [
      {
        status: 400,
        body: { code: 'rest_invalid_param', message: 'Fill in Name.', data: { status: 400, params: { name: 'Fill in Name.' } } },
      },
      {
        status: 400,
        body: { code: 'rest_bad_request', message: 'That was quick! Wait a few seconds, then send the form again.', data: { status: 400 } },
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const a = answers.shift()!;
        return new Response(JSON.stringify(a.body), { status: a.status });
      }),
    );
    mounted = mountForm().handler;
    field('name').value = 'Ada';
    field('email').value = 'ada@example.com';
    field('message').value = 'Hello';
    submit();
    await vi.waitFor(() => expect(errorOf('name')).toBe('Fill in Name.'));
    submit();
    await vi.waitFor(() =>
      expect(document.querySelector('.e-form__status')!.textContent).toBe('That was quick! Wait a few seconds, then send the form again.'),
    );
    expect(field('email').value).toBe('ada@example.com');
  });
});
