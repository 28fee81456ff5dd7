import { createHmac, timingSafeEqual } from 'node:crypto';

// The Form widget's time trap (docs/widgets.md, "Form"): the server signs the moment it drew the form, and a
// submission brings the signature back. A robot posting at once, or inventing a time, is refused.

const sign = (secret: string, at: number): string =>
  createHmac('sha256', secret).update(`form-time|${at}`).digest('base64url').slice(0, 22);

/** The token a form carries: when it was drawn, signed. */
export const formToken = (secret: string, at: number): string => `${at}.${sign(secret, at)}`;

/** When the form was drawn, from a token this server signed; null for anything else. */
export function formTokenTime(secret: string, token: string): number | null {
  const m = /^(\d{13})\.([\w-]{22})$/.exec(token);
  if (!m) return null;
  const at = Number(m[1]);
  const expected = Buffer.from(sign(secret, at));
  const given = Buffer.from(m[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? at : null;
}
