import { num, type Rule } from '../types';

/** page_views: the visitor's page views since first seen must reach `views`. */
export const pageViews: Rule = (options, ctx) => {
  const views = num(options.views);
  return { pass: ctx.pageViews >= views, value: `${ctx.pageViews} page views`, expected: `at least ${views}` };
};
