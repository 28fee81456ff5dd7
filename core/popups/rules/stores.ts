import { ids, type Rule } from '../types';

/** stores: a store-specific popup shows only to visitors whose current store is one of `ids`. */
export const stores: Rule = (options, ctx) => {
  const allowed = ids(options.ids);
  return {
    pass: ctx.storeId !== null && allowed.includes(ctx.storeId),
    value: ctx.storeId === null ? 'no store chosen' : `store ${ctx.storeName ?? ''} (id ${ctx.storeId})`.replace('  ', ' '),
    expected: `one of stores ${allowed.join(', ') || '(none)'}`,
  };
};
