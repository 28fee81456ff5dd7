import type { DrinkPercentages } from './drink-maths';

// The three percentages always total 100. When one changes, the unlocked others absorb the difference
// (in proportion to their current values, evenly when they are all zero); locked ones are left alone. If the
// change cannot be absorbed, the changed value is limited to what the locked ones leave.

export type DrinkKind = keyof DrinkPercentages;
export const DRINK_KINDS: DrinkKind[] = ['wine', 'beer', 'spirit'];
export type DrinkLocks = Record<DrinkKind, boolean>;

export function rebalance(current: DrinkPercentages, locks: DrinkLocks, changed: DrinkKind, value: number): DrinkPercentages {
  const others = DRINK_KINDS.filter((k) => k !== changed);
  const free = others.filter((k) => !locks[k]);
  const lockedSum = others.filter((k) => locks[k]).reduce((sum, k) => sum + current[k], 0);
  const next: DrinkPercentages = { ...current };
  if (free.length === 0) {
    next[changed] = 100 - lockedSum;
    return next;
  }
  const target = Math.min(Math.max(0, Math.round(value)), 100 - lockedSum);
  next[changed] = target;
  const rest = 100 - lockedSum - target;
  const freeSum = free.reduce((sum, k) => sum + current[k], 0);
  let given = 0;
  free.forEach((k, i) => {
    if (i === free.length - 1) next[k] = rest - given;
    else {
      next[k] = Math.round(freeSum > 0 ? (rest * current[k]) / freeSum : rest / free.length);
      given += next[k];
    }
  });
  return next;
}
