// What the vitals benchmark reads inside the page. Installed as an init script so the observers see every
// entry from navigation start (buffered); the page reports them through window.__vitals.

export interface ShiftSource {
  node: string;
  value: number;
}

export interface PageVitals {
  fcp: number;
  lcp: number;
  cls: number;
  /** Sum of (long task − 50 ms) after FCP: Lighthouse's total blocking time. */
  blocking: number;
  shiftSources: ShiftSource[];
}

declare global {
  interface Window {
    __vitals?: () => PageVitals;
  }
}

/** Runs in the page before any of its scripts. Must be self-contained (it is serialised by Playwright). */
export function installProbe(): void {
  let fcp = 0;
  let lcp = 0;
  let cls = 0;
  const longTasks: Array<{ start: number; duration: number }> = [];
  const sources = new Map<string, number>();
  const describe = (node: Node | null | undefined): string => {
    if (!node || !(node instanceof Element)) return node?.nodeName?.toLowerCase() ?? '?';
    const id = node.id ? `#${node.id}` : '';
    const cls = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const data = node.getAttribute('data-content') ? `[data-content=${node.getAttribute('data-content')}]` : '';
    return `${node.tagName.toLowerCase()}${id}${cls}${data}`;
  };
  const observe = (type: string, fn: (entries: PerformanceEntryList) => void) => {
    try {
      new PerformanceObserver((list) => fn(list.getEntries())).observe({ type, buffered: true });
    } catch {
      /* entry type not supported */
    }
  };
  observe('paint', (entries) => {
    for (const e of entries) if (e.name === 'first-contentful-paint') fcp = e.startTime;
  });
  observe('largest-contentful-paint', (entries) => {
    for (const e of entries) lcp = Math.max(lcp, e.startTime);
  });
  observe('layout-shift', (entries) => {
    for (const e of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
      if (e.hadRecentInput) continue;
      cls += e.value;
      const n = e.sources?.length ?? 0;
      for (const s of e.sources ?? []) {
        const key = describe(s.node);
        sources.set(key, (sources.get(key) ?? 0) + e.value / n);
      }
    }
  });
  observe('longtask', (entries) => {
    for (const e of entries) longTasks.push({ start: e.startTime, duration: e.duration });
  });
  window.__vitals = () => ({
    fcp,
    lcp,
    cls,
    blocking: longTasks.filter((t) => t.start + t.duration > fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    shiftSources: [...sources].map(([node, value]) => ({ node, value })).sort((a, b) => b.value - a.value),
  });
}

/**
 * Waits, inside the page, for the runtime to be ready (or for a page without module scripts), then two frames, and
 * reads the probe. Through CDP's Runtime.evaluate with an expression of a few lines: Playwright's waitForFunction
 * and evaluate first inject Playwright's own script into the page, compiled in a task of about 80 ms of CPU under
 * 4x throttling, which the long-task observer counted as the page's blocking (about 30 ms on every page).
 */
export const READY_THEN_VITALS = `new Promise((resolve) => {
  const ready = () => document.documentElement.dataset.runtime === 'ready' || !document.querySelector('script[type=module]');
  const check = () => (ready() ? requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__vitals()))) : setTimeout(check, 50));
  check();
})`;

interface Evaluator {
  send(
    method: 'Runtime.evaluate',
    params: { expression: string; awaitPromise: boolean; returnByValue: boolean },
  ): Promise<{ result: { value?: unknown } }>;
}

export async function readVitals(cdp: Evaluator): Promise<PageVitals> {
  const { result } = await cdp.send('Runtime.evaluate', { expression: READY_THEN_VITALS, awaitPromise: true, returnByValue: true });
  return result.value as PageVitals;
}
