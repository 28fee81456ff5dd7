import type { FastifyInstance } from 'fastify';

/** Plain HTML form posts (sign-in, set-up and reset forms) as an object of strings; small bodies only. */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
