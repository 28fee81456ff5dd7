import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

// A body nested deeper than any real input (page trees are at most 8 elements deep, about 20 JSON levels) is
// refused before any schema walks it: recursive validation of a 1000-deep tree overflowed the stack (500).

export const MAX_BODY_DEPTH = 64;

/** true when `value` nests objects/arrays deeper than `max`; iterative, so it cannot overflow itself. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

export function installBodyDepthCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH))
      throw errors.badRequest(`The request is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`);
  });
}
