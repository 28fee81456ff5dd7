import { z } from 'zod';
import { errors } from './errors';

// Validation at the edge: a zod schema per route input; failures become 400 with one message per field.

export function parse<T extends z.ZodType>(schema: T, data: unknown, where = 'request'): z.infer<T> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const params: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || where;
    if (!params[key]) params[key] = issue.message;
  }
  const first = Object.entries(params)[0];
  throw errors.invalidParam(first ? `Invalid parameter(s): ${Object.keys(params).join(', ')} (${first[1]})` : `Invalid ${where}.`, params);
}

/** A positive integer id from a path or query string. */
export const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');
