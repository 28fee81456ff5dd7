import type { FastifyInstance } from 'fastify';
import { NONCE_RENEWAL_URL } from '../../../core/http';
import { nonceFor } from '../../auth/visitor';

// A fresh REST nonce for the visitor behind the session cookie, for tabs open longer than a nonce lives (as
// WordPress' rest-nonce ajax action). Outside /wp-json/ on purpose: a REST call without a nonce runs as an
// anonymous visitor, and this one must answer for the signed-in user. Other sites cannot read the answer.
export async function nonceRenewalRoutes(app: FastifyInstance): Promise<void> {
  app.get(NONCE_RENEWAL_URL, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { nonce: nonceFor(app.nonceSecret, request.visitor) };
  });
}
