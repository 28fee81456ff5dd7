import { TIME_FRAMES } from '../../config/time-frames';
import { num, type Rule } from '../types';

export { TIME_FRAMES };
export type TimesPeriod = keyof typeof TIME_FRAMES | 'session' | '';

/** How many times the popup was shown within the period: a time frame, this session, or ever. */
export function showsInPeriod(period: string, showTimes: number[], sessionShows: number, now: number): number {
  if (period === 'session') return sessionShows;
  const frame = TIME_FRAMES[period as keyof typeof TIME_FRAMES];
  if (!frame) return showTimes.length;
  return showTimes.filter((t) => now - t < frame * 1000).length;
}

/** times: the popup shows at most `times` times per day, week, month or session, or in a lifetime if no period. */
export const times: Rule = (options, ctx) => {
  const limit = num(options.times, 1);
  const period = typeof options.period === 'string' ? options.period : '';
  const shown = showsInPeriod(period, ctx.showTimes, ctx.sessionShows, ctx.now);
  const where = period === 'session' ? 'this session' : period in TIME_FRAMES ? `the last ${period}` : 'lifetime';
  return { pass: shown < limit, value: `shown ${shown} times in ${where}`, expected: `fewer than ${limit}` };
};
