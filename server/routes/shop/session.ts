import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifyPassword } from '../../auth/passwords';
import { clearFailures, isBlocked, recordFailure, SIGN_IN_LIMITS } from '../../auth/rate-limit';
import { endSession, nonceFor, startUserSession } from '../../auth/visitor';
import { ApiError, errors } from '../../errors';
import { findUserByEmail, toUser } from '../../services/users';
import { parse } from '../../validation';

const credentials = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254).email('Enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.').max(200),
});

// Sign in and out. A successful sign-in starts a fresh session and answers a new nonce for the client.
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.get('/api/shop/v1/me', async (request) => ({ user: request.visitor.user, nonce: nonceFor(app.nonceSecret, request.visitor) }));

  app.post('/api/shop/v1/session', async (request, reply) => {
    const { email, password } = parse(credentials, request.body, 'body');
    const emailKey = `email:${email.toLowerCase()}`;
    const addressKey = `ip:${request.ip}`;
    if ((await isBlocked(db, emailKey, SIGN_IN_LIMITS.perEmail)) || (await isBlocked(db, addressKey, SIGN_IN_LIMITS.perAddress)))
      throw errors.tooMany();
    const row = await findUserByEmail(db, email);
    // Same answer and similar work for unknown emails and wrong passwords.
    const ok = row
      ? await verifyPassword(password, row.password_hash)
      : await verifyPassword(password, 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
    if (!row || !ok) {
      await recordFailure(db, emailKey);
      await recordFailure(db, addressKey);
      throw new ApiError(401, 'invalid_credentials', 'The email or password is incorrect.');
    }
    await clearFailures(db, emailKey);
    const user = toUser(row);
    const { previousSessionId } = await startUserSession(app, request, reply, user);
    await app.hooks.emit('signIn', { userId: user.id, previousSessionId, sessionId: request.visitor.sessionId! });
    return { user, nonce: nonceFor(app.nonceSecret, request.visitor) };
  });

  app.delete('/api/shop/v1/session', async (request, reply) => {
    if (!request.visitor.user && !request.visitor.sessionId) throw errors.notLoggedIn();
    await endSession(app, request, reply);
    return { signed_out: true, nonce: nonceFor(app.nonceSecret, request.visitor) };
  });
}
