// The vitals benchmark's goals (docs/performance.md, Vitals): a page's median over the runs must meet each, and
// `npm run bench vitals` fails when one does not, so a regression stops the run instead of passing as a table.

export const VITALS_GOALS = {
  /** Cumulative layout shift, every page and visitor. */
  cls: 0.01,
  /** Largest contentful paint of the home page, every visitor (ms). */
  homeLcpMs: 1000,
  /** Total blocking time after FCP (sum of each long task's time over 50 ms), every page and visitor (ms). */
  blockingMs: 150,
} as const;

export interface CellMedians {
  visitor: string;
  page: string;
  cls: number;
  lcp: number;
  blocking: number;
}

/** One line per goal a page misses, empty when every page meets every goal. */
export function vitalsMisses(cells: CellMedians[], goals = VITALS_GOALS): string[] {
  const misses: string[] = [];
  for (const c of cells) {
    const at = `${c.page} (${c.visitor})`;
    if (!(c.cls <= goals.cls)) misses.push(`${at}: CLS ${c.cls.toFixed(4)} > ${goals.cls}`);
    if (c.page === '/' && !(c.lcp <= goals.homeLcpMs)) misses.push(`${at}: LCP ${Math.round(c.lcp)} ms > ${goals.homeLcpMs} ms`);
    if (!(c.blocking <= goals.blockingMs)) misses.push(`${at}: blocking ${Math.round(c.blocking)} ms > ${goals.blockingMs} ms`);
  }
  return misses;
}
