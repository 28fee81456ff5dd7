import { requestAddress } from '../../auth/anonymous-write-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { requireCapability, requireSignedIn } from '../../auth/guards';
import { DEMO_EMAIL_MESSAGE, isDemoEmail } from '../../auth/demo-accounts';
import { consumeLink, issueLink, LINK_PATH, peekLink, type LinkPurpose } from '../../auth/one-time-links';
import { hashPassword, newPassword, verifyPassword } from '../../auth/passwords';
import { takeAttempt } from '../../services/rate-limit';
import { SIGN_IN_LIMITS, startSignedInSession } from '../../auth/sign-in';
import { endOtherSessions } from '../../auth/visitor';
import { errors } from '../../errors';
import { acceptForms } from '../../plugins/form-body';
import { renderPage } from '../../render/page';
import { toUser } from '../../services/users';
import { answers, idParams, withSchemas } from '../../validation';
import { PasswordForm, type FieldErrors } from './password-form';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';
import * as adminApi from '../../../core/api/admin';
import * as A from '../../../core/api/schemas/admin';

// Passwords without email: the first administrator's one-time set-up link (production start), a reset link
// an administrator issues for a user, and changing one's own password (the current one required, every other
// session ended).

const email = z.string().trim().min(1, 'Enter an email address.').max(254).email('Enter a valid email address.');
const setupForm = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100),
  email: email.refine((e) => !isDemoEmail(e), DEMO_EMAIL_MESSAGE),
  password: newPassword,
});
const resetForm = z.object({ password: newPassword });
// The link forms' bodies are checked in their handlers: a refused form is its page again with the messages
// next to the fields (400 HTML), not a JSON error.
const tokenParams = z.object({ token: z.string() });
type LinkRequest = FastifyRequest & { params: z.infer<typeof tokenParams> };
const changeBody = z.object({ current_password: z.string().min(1, 'Enter your current password.').max(200), new_password: newPassword });

function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

export async function passwordRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  acceptForms(app);

  const page = async (request: FastifyRequest, reply: FastifyReply, status: number, title: string, content: ReactNode) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(await renderPage(app, request, { title, bodyClass: 'page login-page', content }));

  const expired = (request: FastifyRequest, reply: FastifyReply) =>
    page(
      request,
      reply,
      404,
      'Link not valid',
      <section className="wrap login-screen">
        <h1>This link is no longer valid</h1>
        <p>It was used already or it expired. Ask an administrator for a new one.</p>
      </section>,
    );

  const tokenOf = (request: LinkRequest) => request.params.token;
  // The form posts back to its own link, built from the route (not the request target).
  const actionOf = (purpose: LinkPurpose, request: LinkRequest) => `${LINK_PATH[purpose]}/${encodeURIComponent(tokenOf(request))}`;
  const hasAdministrator = async () =>
    !!(await db.selectFrom('users').select('id').where('roles', 'like', '%"administrator"%').executeTakeFirst());

  const TITLE: Record<LinkPurpose, string> = { setup: 'Create the administrator account', reset: 'Choose a new password' };
  /** The link's form, blank (200) or refused with the messages next to the fields and what was typed (400). */
  const form = (
    purpose: LinkPurpose,
    request: LinkRequest,
    reply: FastifyReply,
    refused?: { error: z.ZodError; values?: Record<string, string> },
  ) =>
    page(
      request,
      reply,
      refused ? 400 : 200,
      TITLE[purpose],
      <PasswordForm
        purpose={purpose}
        action={actionOf(purpose, request)}
        title={TITLE[purpose]}
        errors={refused && fieldErrors(refused.error)}
        values={refused?.values}
      />,
    );

  const showForm = (purpose: LinkPurpose) => async (request: LinkRequest, reply: FastifyReply) => {
    const link = await peekLink(db, purpose, tokenOf(request));
    if (!link || (purpose === 'setup' && (await hasAdministrator()))) return expired(request, reply);
    return form(purpose, request, reply);
  };
  const link = { schema: { params: tokenParams } };
  app.get(`${LINK_PATH.setup}/:token`, link, showForm('setup'));
  app.get(`${LINK_PATH.reset}/:token`, link, showForm('reset'));

  app.post(`${LINK_PATH.setup}/:token`, link, async (request, reply) => {
    const parsed = setupForm.safeParse(request.body ?? {});
    if (!parsed.success)
      return form('setup', request, reply, { error: parsed.error, values: (request.body ?? {}) as Record<string, string> });
    const { name, password } = parsed.data;
    const address = parsed.data.email.toLowerCase();
    const passwordHash = await hashPassword(password);
    // Consumed and used in one transaction: a failed insert gives the link back.
    const created = await db.transaction().execute(async (tx) => {
      if (!(await consumeLink(tx, 'setup', tokenOf(request)))) return null;
      if (await tx.selectFrom('users').select('id').where('roles', 'like', '%"administrator"%').executeTakeFirst()) return null;
      return tx
        .insertInto('users')
        .values({
          email: address,
          name,
          password_hash: passwordHash,
          roles: JSON.stringify(['administrator']),
          segment_ids: '[]',
          store_id: null,
          created_at: Date.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    if (!created) return expired(request, reply);
    await startSignedInSession(app, request, reply, toUser(created));
    return reply.redirect('/admin', 303);
  });

  app.post(`${LINK_PATH.reset}/:token`, link, async (request, reply) => {
    const parsed = resetForm.safeParse(request.body ?? {});
    if (!parsed.success) return form('reset', request, reply, { error: parsed.error });
    const passwordHash = await hashPassword(parsed.data.password);
    const userId = await db.transaction().execute(async (tx) => {
      const link = await consumeLink(tx, 'reset', tokenOf(request));
      if (!link?.user_id) return null;
      await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', link.user_id).execute();
      // Whoever knew the old password is signed out everywhere.
      await tx.deleteFrom('sessions').where('user_id', '=', link.user_id).execute();
      return link.user_id;
    });
    if (!userId) return expired(request, reply);
    return page(
      request,
      reply,
      200,
      'Password changed',
      <section className="wrap login-screen">
        <h1>Your password was changed</h1>
        <p>
          Sign in with it at <a href="/shop#!/sign-in">the shop</a> or, for editors, on <a href="/login">the sign-in page</a>.
        </p>
      </section>,
    );
  });

  app.put(
    shop.changePassword.path,
    { preValidation: requireSignedIn, schema: { body: changeBody, response: answers(shop.changePassword, S.passwordChanged) } },
    async (request) => {
      const user = request.visitor.user!;
      const { body } = request;
      // Guessing the current password from a borrowed session counts like failed sign-ins.
      if (!(await takeAttempt(db, `acct-ip:${user.email}|${requestAddress(request)}`, SIGN_IN_LIMITS.perAccountAddress)))
        throw errors.tooMany();
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(body.current_password, row.password_hash)))
        throw errors.invalidParam('The current password is incorrect.', { current_password: 'The current password is incorrect.' });
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(body.new_password) })
        .where('id', '=', user.id)
        .execute();
      await endOtherSessions(app, user.id, request.visitor.sessionId);
      return { changed: true };
    },
  );

  const admin = { preValidation: requireCapability('manage_options') };
  app.get(adminApi.users.path, { ...admin, schema: { response: answers(adminApi.users, A.users) } }, async () => {
    const rows = await db.selectFrom('users').select(['id', 'email', 'name', 'roles']).orderBy('id').limit(500).execute();
    return { users: rows.map((r) => ({ ...r, roles: JSON.parse(r.roles) as string[] })) };
  });

  app.post(
    adminApi.resetLink.path,
    { ...admin, schema: { params: idParams, response: answers(adminApi.resetLink, A.resetLink, 201) } },
    async (request, reply) => {
      const userId = request.params.id;
      const target = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!target) throw errors.missing('User');
      const token = await issueLink(db, 'reset', userId);
      const path = `${LINK_PATH.reset}/${token}`;
      return reply.code(201).send({ path, url: `${app.config.siteUrl ?? ''}${path}` });
    },
  );
}
