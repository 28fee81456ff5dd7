import { ids, type Rule } from '../types';

/** user_groups: content targeting by audience; passes when the visitor is in one of the user groups `ids`. */
export const userGroups: Rule = (options, ctx) => {
  const wanted = ids(options.ids);
  return {
    pass: ctx.userGroups.some((g) => wanted.includes(g)),
    value: `user groups ${ctx.userGroups.join(', ') || '(none)'}`,
    expected: `one of user groups ${wanted.join(', ') || '(none)'}`,
  };
};
