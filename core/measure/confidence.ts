// Click-through with a confidence interval: the Wilson score interval, which stays inside 0..1 and behaves
// for small samples and rates near 0 (the normal approximation does not).

export interface Rate {
  rate: number;
  low: number;
  high: number;
}

/** z = 1.96 for 95 %. With no trials the rate is 0 and the interval the whole range. */
export function wilson(successes: number, trials: number, z = 1.96): Rate {
  if (trials <= 0) return { rate: 0, low: 0, high: 1 };
  const p = Math.min(1, successes / trials);
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const margin = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { rate: p, low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

/** B beats A when its interval lies wholly above A's (and the reverse): otherwise there is no winner yet. */
export function winner(a: Rate, b: Rate): 'A' | 'B' | null {
  if (b.low > a.high) return 'B';
  if (a.low > b.high) return 'A';
  return null;
}
