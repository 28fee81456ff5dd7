import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FIELD_BYTES } from '../../core/forms/form-rules';
import { formToken } from '../services/forms/form-token';
import { Client, signedInAs, startTestServer, type TestServer, visitorAt } from '../testing/harness';

// The Form widget's submissions (docs/widgets.md, "Form"): checked against the form as published, kept for the
// admin inbox, e-mailed through the configured SMTP server (a local sink here), and refused with a message when
// they are too large, too many, too quick, filled in by a robot or past the address's limit, writing nothing then.

interface Mail {
  to: string[];
  text: string;
}
const mails: Mail[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString('utf8') });
      done();
    });
  },
});

let server: TestServer;
let editor: Client;
let pageId = 0;
let slug = '';

const FORM = {
  id: 'f1',
  elType: 'widget',
  widgetType: 'form',
  settings: {
    form_name: 'Catering request',
    form_fields: [
      { field_label: 'Name', field_type: 'text', field_name: 'name', required: 'yes' },
      { field_label: 'E-mail', field_type: 'email', field_name: 'email', required: 'yes' },
      { field_label: 'Message', field_type: 'textarea', field_name: 'message' },
    ],
    email_to: 'catering@store.example',
    email_subject: 'Catering request from the website',
  },
  elements: [],
};
const tree = (form: Record<string, unknown> = FORM) => [{ id: 'c1', elType: 'container', settings: {}, elements: [form] }];

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Website <forms@shop.example>' });
  editor = await signedInAs(server.url, 'editor');
  const created = await editor.json<{ id: number; slug: string }>('/wp-json/site/v1/documents', {
    method: 'POST',
    body: { type: 'page', title: 'Catering request form' },
  });
  expect(created.status).toBe(201);
  ({ id: pageId, slug } = created.body);
  const published = await editor.json(`/wp-json/site/v1/documents/${pageId}/publish`, { method: 'POST', body: { tree: tree() } });
  expect(published.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

const submissions = async () =>
  Number(
    (
      await server.db.kysely
        .selectFrom('form_submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A token of a form drawn `ago` ms before now, as the page would carry it. */
const drawnAgo = (ago: number) => formToken(server.app.nonceSecret, Date.now() - ago);
const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Trays for 40 people on Saturday.' };

type Answer = { code: string; message: string; id: number; data: { status: number; params?: Record<string, string> } };
async function send(visitor: Client, body: Record<string, unknown>) {
  return visitor.json<Answer>('/wp-json/site/v1/form-submissions', {
    method: 'POST',
    body: { document_id: pageId, element_id: 'f1', fields: valid, token: drawnAgo(10_000), ...body },
  });
}

describe('a visitor sending a form', () => {
  it('finds it on the page with a signed time, and is refused when sending it at once (time trap)', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    const { html } = await visitor.page(`/${slug}`);
    const token = /data-form-token="([^"]+)"/.exec(html)?.[1];
    expect(token).toMatch(/^\d{13}\.[\w-]{22}$/);
    expect(html).toContain('name="e_hp_website"');
    const quick = await send(visitor, { token });
    expect(quick.status).toBe(400);
    expect(quick.body.message).toBe('That was quick! Wait a few seconds, then send the form again.');
    expect(await submissions()).toBe(0);
  });

  it('is refused with a forged time, and when the honeypot is filled in', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    const forged = await send(visitor, { token: `${Date.now() - 60_000}.AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This form has expired. Reload the page and send it again.');
    const robot = await send(visitor, { e_hp_website: 'https://spam.example' });
    expect(robot.status).toBe(400);
    expect(robot.body.message).toMatch(/could not be sent/);
    expect(await submissions()).toBe(0);
  });

  it('gets each field’s problem by name, and nothing is written', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    const r = await send(visitor, { fields: { name: '', email: 'not-an-address' } });
    expect(r.status).toBe(400);
    expect(r.body.data.params).toEqual({ name: 'Fill in Name.', email: 'Enter an e-mail address like name@example.com in E-mail.' });
    const long = await send(visitor, { fields: { ...valid, message: 'x'.repeat(MAX_FIELD_BYTES + 1) } });
    expect(long.status).toBe(400);
    expect(long.body.data.params).toEqual({ message: 'Message may hold at most 10 KB.' });
    expect(await submissions()).toBe(0);
  });

  it('refuses 200 fields and a 100 KB submission with 400, and a body over the limit with 413, writing nothing', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    const many = await send(visitor, { fields: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, 'x'])) });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('A form takes at most 50 fields; this one sent 200.');
    const large = await send(visitor, { fields: { ...valid, message: 'x'.repeat(100 * 1024) } });
    expect(large.status).toBe(400);
    expect(large.body.message).toBe('A submission may hold at most 64 KB; this one holds 101 KB.');
    const huge = await send(visitor, { fields: { ...valid, message: 'x'.repeat(300 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ message: expect.any(String), data: { status: 413 } });
    expect(await submissions()).toBe(0);
  });

  it('is told when the form is not on the page (another document, another element)', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    expect((await send(visitor, { element_id: 'c1' })).status).toBe(404);
    expect((await send(visitor, { document_id: 999_999 })).status).toBe(404);
  });

  it('lands in the admin inbox with the form’s labels, and in the mailbox the form names', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    const sent = await send(visitor, {});
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Thanks! We received your message.');
    const admin = await signedInAs(server.url, 'admin');
    const inbox = await admin.get<{ submissions: Array<Record<string, unknown>>; total: number }>('/wp-json/site/v1/form-submissions');
    expect(inbox.status).toBe(200);
    expect(inbox.body.total).toBe(1);
    expect(inbox.body.submissions[0]).toMatchObject({
      id: sent.body.id,
      document_id: pageId,
      document_title: 'Catering request form',
      form_name: 'Catering request',
      fields: [
        { name: 'name', label: 'Name', value: 'Ada Lovelace' },
        { name: 'email', label: 'E-mail', value: 'ada@example.com' },
        { name: 'message', label: 'Message', value: 'Trays for 40 people on Saturday.' },
      ],
    });
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0].to).toEqual(['catering@store.example']);
    expect(mails[0].text).toContain('Subject: Catering request from the website');
    expect(mails[0].text).toContain('Name: Ada Lovelace');
    await expect
      .poll(
        async () =>
          (await admin.get<{ submissions: Array<{ emailed: boolean }> }>('/wp-json/site/v1/form-submissions')).body.submissions[0].emailed,
      )
      .toBe(true);
    // Only administrators read it.
    expect((await new Client(server.url).json('/wp-json/site/v1/form-submissions')).status).toBe(401);
    expect((await editor.get('/wp-json/site/v1/form-submissions')).status).toBe(403);
  });

  it('is limited to 10 submissions an hour from one address (the first went through above)', async () => {
    const visitor = await visitorAt(server.url, `/${slug}`);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send(visitor, {})).status);
    expect(statuses).toEqual([...Array(9).fill(201), 429]);
    expect(await submissions()).toBe(10);
  });
});

describe('an editor saving a form', () => {
  it('cannot give it more than 50 fields: 400 naming the setting, the draft unchanged', async () => {
    const fields = Array.from({ length: 200 }, (_, i) => ({ field_label: `Field ${i}`, field_type: 'text' }));
    const r = await editor.json<Answer>(`/wp-json/site/v1/documents/${pageId}/draft`, {
      method: 'PUT',
      body: { tree: tree({ ...FORM, settings: { ...FORM.settings, form_fields: fields } }) },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/form_fields.*may hold at most 50 items/);
    const doc = await editor.get<{ draft: unknown }>(`/wp-json/site/v1/documents/${pageId}`);
    expect(JSON.stringify(doc.body)).not.toContain('Field 199');
  });
});
