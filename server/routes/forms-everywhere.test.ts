import { describe, expect, it } from 'vitest';
import { box, w, type ElementNode } from '../../core/wire/document';
import { formToken, formTokenTime } from '../services/forms/form-token';
import { Client, signedInAs, useTestServer } from '../testing/harness';

// A Form and dynamic tags render wherever an element renders (docs/widgets.md, "Form"; docs/editor.md, "Dynamic
// tags"): in a popup, a global widget, a loop item, a header template and a product's single template, each form carries the
// signed time trap and its submission is accepted; tags in a popup and in a loop item are resolved. Both databases.

const server = useTestServer();
const DOCS = '/wp-json/site/v1/documents';
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;
type Answer = { id: number; message: string; code: string };

const form = (id: string) =>
  w(id, 'form', {
    form_name: `Form ${id}`,
    form_fields: [{ field_label: 'Name', field_type: 'text', field_name: 'name', required: 'yes' }],
  });

async function publish(ed: Client, type: string, tree: ElementNode[], patch?: Record<string, unknown>) {
  const created = await ed.json<{ id: number; slug: string }>(DOCS, { method: 'POST', body: { type, title: `${type} ${unique()}` } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (patch) {
    const patched = await ed.json(`${DOCS}/${created.body.id}`, { method: 'PATCH', body: patch });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  }
  const published = await ed.json(`${DOCS}/${created.body.id}/publish`, { method: 'POST', body: { tree } });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body;
}

/** The form element's markup in the page, and the signed time it carries. */
function formIn(html: string, elementId: string): { token: string | undefined; html: string } {
  const at = html.indexOf(`data-id="${elementId}"`);
  expect(at, `form ${elementId} is on the page`).toBeGreaterThan(-1);
  const markup = html.slice(at, html.indexOf('</form>', at));
  return { token: /data-form-token="([^"]+)"/.exec(markup)?.[1], html: markup };
}

async function send(visitor: Client, elementId: string, documentId?: number) {
  return visitor.json<Answer>('/wp-json/site/v1/form-submissions', {
    method: 'POST',
    body: {
      ...(documentId === undefined ? {} : { document_id: documentId }),
      element_id: elementId,
      fields: { name: 'Ada' },
      token: formToken(server.app.nonceSecret, Date.now() - 10_000),
    },
  });
}

const expectSigned = (token: string | undefined) => expect(token && formTokenTime(server.app.nonceSecret, token)).toBeGreaterThan(0);

describe('a Form outside the page document', () => {
  it('in a popup: carries the time trap and its submission is accepted', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await publish(ed, 'page', [box(`pg${unique()}`, [w(`ph${unique()}`, 'heading', { title: 'Popup host' })])]);
    const fid = `pf${unique()}`;
    const popup = await publish(ed, 'popup', [box(`pb${unique()}`, [form(fid)])], {
      conditions: [{ type: 'include', pages: [page.slug] }],
    });
    const visitor = new Client(server.url);
    const { html } = await visitor.page(`/${page.slug}`);
    expect(html).toContain(`id="elementor-popup-modal-${popup.id}"`);
    expectSigned(formIn(html, fid).token);
    const sent = await send(visitor, fid, popup.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  it('in a global widget: carries the time trap, and the page it is on names it', async () => {
    const ed = await signedInAs(server.url, 'admin');
    const gw = await ed.json<{ id: number }>('/wp-json/site/v1/global-widgets', {
      method: 'POST',
      body: { title: `Global form ${unique()}`, element: form(`gsrc${unique()}`) },
    });
    expect(gw.status, JSON.stringify(gw.body)).toBe(201);
    const use = `gu${unique()}`;
    const page = await publish(ed, 'page', [box(`gb${unique()}`, [w(use, 'global', { global_id: String(gw.body.id) })])]);
    const visitor = new Client(server.url);
    expectSigned(formIn((await visitor.page(`/${page.slug}`)).html, use).token);
    const sent = await send(visitor, use, page.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  it("in a header template and in a product's single template (a page that is no document)", async () => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await publish(ed, 'page', [box(`hp${unique()}`, [w(`hh${unique()}`, 'heading', { title: 'Header host' })])]);
    const hid = `hf${unique()}`;
    const header = await publish(ed, 'theme', [form(hid), w(`hs${unique()}`, 'theme-site-header', {})], {
      settings: { theme: { location: 'header', conditions: [{ type: 'include', rule: 'page', value: page.slug }] } },
    });
    const visitor = new Client(server.url);
    expectSigned(formIn((await visitor.page(`/${page.slug}`)).html, hid).token);
    expect((await send(visitor, hid, header.id)).status).toBe(201);

    const product = await server.db.kysely
      .selectFrom('products')
      .select('slug')
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sid = `sf${unique()}`;
    await publish(ed, 'theme', [form(sid), w(`sc${unique()}`, 'theme-content', {})], {
      settings: {
        theme: { location: 'single', subject: 'product', conditions: [{ type: 'include', rule: 'product', value: product.slug }] },
      },
    });
    const productPage = await visitor.page(`/products/${product.slug}`);
    expect(productPage.status).toBe(200);
    expectSigned(formIn(productPage.html, sid).token);
    // The form's wrapper names no document of its own: the server finds the template holding it.
    const sent = await send(visitor, sid);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await send(visitor, `nope${unique()}`)).status).toBe(404);
  });

  it('in a loop item: every item carries the time trap, and a submission from one is accepted', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const lid = `lf${unique()}`;
    const item = await publish(ed, 'loop-item', [form(lid)]);
    const page = await publish(ed, 'page', [
      box(`lb${unique()}`, [w(`lg${unique()}`, 'loop-grid', { source: 'recipes', template_id: item.id, posts_per_page: 2 })]),
    ]);
    const visitor = new Client(server.url);
    const { html } = await visitor.page(`/${page.slug}`);
    const forms = html.split(`data-id="${lid}"`).length - 1;
    expect(forms, 'one form per loop item').toBe(2);
    expectSigned(formIn(html, lid).token);
    // The item's wrapper names the loop-item template (data-elementor-id), as the handler sends it.
    const sent = await send(visitor, lid, item.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });
});

describe('dynamic tags outside the page document', () => {
  it('are resolved in a popup and in a loop item', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const marker = unique();
    const item = await publish(ed, 'loop-item', [w(`li${unique()}`, 'heading', { title: `Loop ${marker} at {{store.name|our stores}}` })]);
    const page = await publish(ed, 'page', [
      box(`lp${unique()}`, [w(`lg${unique()}`, 'loop-grid', { source: 'recipes', template_id: item.id, posts_per_page: 2 })]),
    ]);
    await publish(ed, 'popup', [w(`pt${unique()}`, 'heading', { title: `Popup ${marker} at {{store.name|our stores}}` })], {
      conditions: [{ type: 'include', pages: [page.slug] }],
    });
    const { html } = await new Client(server.url).page(`/${page.slug}`);
    expect(html).toContain(`Popup ${marker} at `);
    expect(html).toContain(`Loop ${marker} at `);
    expect(html).not.toContain('{{store.name');
  });
});
