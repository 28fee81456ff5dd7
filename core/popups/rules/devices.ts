import { list, type Rule } from '../types';

/** devices: the current device mode must be one of `devices`. */
export const devices: Rule = (options, ctx) => {
  const allowed = list(options.devices);
  return {
    pass: allowed.includes(ctx.deviceMode),
    value: `device ${ctx.deviceMode}`,
    expected: `one of ${allowed.join(', ') || '(none)'}`,
  };
};
