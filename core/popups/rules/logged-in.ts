import { list, type Rule } from '../types';

/**
 * logged_in: anonymous visitors always pass; a logged-in visitor fails when `users` is 'all', otherwise
 * fails when they hold any of the listed `roles`.
 */
export const loggedIn: Rule = (options, ctx) => {
  const users = typeof options.users === 'string' && options.users ? options.users : 'all';
  const roles = list(options.roles);
  if (!ctx.user.id) return { pass: true, value: 'anonymous visitor', expected: 'anonymous visitors always pass' };
  const held = `logged in with roles ${ctx.user.roles.join(', ') || '(none)'}`;
  if (users === 'all') return { pass: false, value: held, expected: 'hidden from all logged-in users' };
  const hit = ctx.user.roles.some((r) => roles.includes(r));
  return { pass: !hit, value: held, expected: `hidden from roles ${roles.join(', ') || '(none)'}` };
};
