import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

// A NUL character is never valid text here, and PostgreSQL refuses it ("invalid byte sequence for encoding
// UTF8: 0x00"), which would surface as a 500. Refused with 400 at the edge, for both databases alike.

const hasNulInTarget = (url: string): boolean => url.includes('\u0000') || /%00/i.test(url);
const nulRefused = () => errors.badRequest('Text must not contain NUL characters.');

/** Looks through a parsed body without recursion (a deeply nested body cannot overflow the stack). */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export function installNulByteCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasNulInTarget(request.url)) throw nulRefused();
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw nulRefused();
  });
}
