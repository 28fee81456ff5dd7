import type { Rule } from '../types';

/**
 * url: compares the referrer with `url`. Action 'show' passes when the referrer contains it, 'hide' when it
 * does not, 'regex' when the regular expression matches; an invalid expression never shows.
 */
export const url: Rule = (options, ctx) => {
  const pattern = typeof options.url === 'string' ? options.url : '';
  const action = typeof options.action === 'string' ? options.action : 'show';
  const referrer = ctx.referrer;
  if (action === 'regex') {
    let regexp: RegExp;
    try {
      regexp = new RegExp(pattern);
    } catch {
      return { pass: false, value: `referrer "${referrer}"`, expected: `invalid regular expression /${pattern}/` };
    }
    return { pass: regexp.test(referrer), value: `referrer "${referrer}"`, expected: `matches /${pattern}/` };
  }
  const contains = referrer.includes(pattern);
  const hide = action === 'hide';
  return {
    pass: hide ? !contains : contains,
    value: `referrer "${referrer}"`,
    expected: `${hide ? 'does not contain' : 'contains'} "${pattern}"`,
  };
};
