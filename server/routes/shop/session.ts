import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signIn } from '../../auth/sign-in';
import { endSession, nonceFor } from '../../auth/visitor';
import { ApiError, errors } from '../../errors';
import { answers, inputs, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

const credentials = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254).email('Enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.').max(200),
});

// Sign in and out. A successful sign-in starts a fresh session and answers a new nonce for the client.
export async function sessionRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  app.get(shop.me.path, { schema: { response: answers(shop.me, S.me) } }, async (request) => ({
    user: request.visitor.user,
    nonce: nonceFor(app.nonceSecret, request.visitor),
  }));

  app.post(
    shop.signIn.path,
    { schema: { ...inputs(shop.signIn, { body: credentials }), response: answers(shop.signIn, S.signedIn) } },
    async (request, reply) => {
      const { email, password } = request.body;
      const outcome = await signIn(app, request, reply, email, password);
      if (!outcome.ok && outcome.reason === 'limited') throw errors.tooMany();
      if (!outcome.ok) throw new ApiError(401, 'invalid_credentials', 'The email or password is incorrect.');
      return { user: outcome.user, nonce: nonceFor(app.nonceSecret, request.visitor) };
    },
  );

  app.delete(shop.signOut.path, { schema: { response: answers(shop.signOut, S.signedOut) } }, async (request, reply) => {
    if (!request.visitor.user && !request.visitor.sessionId) throw errors.notLoggedIn();
    await endSession(app, request, reply);
    return { signed_out: true, nonce: nonceFor(app.nonceSecret, request.visitor) };
  });
}
