import { num, type Rule } from '../types';

/** sessions: the visitor's sessions since first seen must reach `sessions`. */
export const sessions: Rule = (options, ctx) => {
  const wanted = num(options.sessions);
  return { pass: ctx.sessions >= wanted, value: `${ctx.sessions} sessions`, expected: `at least ${wanted}` };
};
