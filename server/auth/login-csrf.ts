import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createNonce, verifyNonce } from './nonce';

// Login CSRF: the sign-in form's nonce is bound to a pre-session cookie set when the form is shown, so a
// nonce handed out by another page (the anonymous REST nonce is the same for every visitor) cannot sign a
// victim in to the attacker's account: the attacker cannot set or read the victim's cookie.

export const LOGIN_COOKIE = 'hl_login';
const ACTION = 'log-in';

function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[LOGIN_COOKIE];
  return typeof value === 'string' && /^[\w-]{20,64}$/.test(value) ? value : undefined;
}

/** The nonce for the sign-in form, setting the pre-session cookie if the browser has none. */
export function loginFormNonce(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  let token = cookieToken(request);
  if (!token) {
    token = randomBytes(24).toString('base64url');
    reply.setCookie(LOGIN_COOKIE, token, { path: '/login', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
    // The same request may render the form again (an error): keep the new token visible to it.
    request.cookies[LOGIN_COOKIE] = token;
  }
  return createNonce(app.nonceSecret, ACTION, 0, token);
}

export function checkLoginFormNonce(app: FastifyInstance, request: FastifyRequest, nonce: string): boolean {
  const token = cookieToken(request);
  return !!token && verifyNonce(app.nonceSecret, nonce, ACTION, 0, token) !== false;
}
