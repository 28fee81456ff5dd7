import { requestAddress } from '../../auth/anonymous-write-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO_EMAIL_MESSAGE, isDemoEmail } from '../../auth/demo-accounts';
import { hashPassword } from '../../auth/passwords';
import { takeAttempt } from '../../services/rate-limit';
import { SIGN_UP_LIMIT, startSignedInSession } from '../../auth/sign-in';
import { nonceFor } from '../../auth/visitor';
import { requireSignedIn } from '../../auth/guards';
import { errors } from '../../errors';
import { findUserByEmail, toUser } from '../../services/users';
import { answers, inputs, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

const name = z.string({ error: 'Enter your name.' }).trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.');
const signUpBody = z.object({
  name,
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(254)
    .email('Enter a valid email address.')
    .refine((e) => !isDemoEmail(e), DEMO_EMAIL_MESSAGE),
  password: z.string({ error: 'Choose a password.' }).min(8, 'Use at least 8 characters.').max(200, 'Use at most 200 characters.'),
});
const profileBody = z.object({ name });
// Neutral: it does not confirm that somebody holds this address (the per-address sign-up limit bounds probing).
const EMAIL_UNAVAILABLE = 'We could not create an account with these details. If you already have one, sign in instead.';

// Sign up (a customer account, signed in at once, the anonymous cart kept) and the profile of the account.
export async function accountRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  app.post(
    shop.signUp.path,
    { schema: { ...inputs(shop.signUp, { body: signUpBody }), response: answers(shop.signUp, S.signedIn, 201) } },
    async (request, reply) => {
      const { body } = request;
      const email = body.email.toLowerCase();
      // Counted before any work, atomically, so a burst cannot pass the limit (no mass sign-ups).
      if (!(await takeAttempt(db, `signup:${requestAddress(request)}`, SIGN_UP_LIMIT))) throw errors.tooMany();
      if (await findUserByEmail(db, email)) throw errors.conflict(EMAIL_UNAVAILABLE);
      const password_hash = await hashPassword(body.password);
      const inserted = await db
        .insertInto('users')
        .values({
          email,
          name: body.name,
          password_hash,
          roles: JSON.stringify(['customer']),
          segment_ids: '[]',
          store_id: request.visitor.storeId,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw errors.conflict(EMAIL_UNAVAILABLE);
      const row = await db.selectFrom('users').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      const user = toUser(row);
      await startSignedInSession(app, request, reply, user);
      return reply.code(201).send({ user, nonce: nonceFor(app.nonceSecret, request.visitor) });
    },
  );

  app.get(
    shop.account.path,
    { preValidation: requireSignedIn, schema: { response: answers(shop.account, S.account) } },
    async (request) => ({ user: request.visitor.user! }),
  );

  app.patch(
    shop.updateAccount.path,
    {
      preValidation: requireSignedIn,
      schema: { ...inputs(shop.updateAccount, { body: profileBody }), response: answers(shop.updateAccount, S.account) },
    },
    async (request) => {
      const user = request.visitor.user!;
      const { body } = request;
      await db.updateTable('users').set({ name: body.name }).where('id', '=', user.id).execute();
      return { user: { ...user, name: body.name } };
    },
  );
}
