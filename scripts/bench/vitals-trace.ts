import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { chooseStore, PHONE_CONTEXT } from './cases/vitals';
import { drawWholeViewport } from './drawn-viewport';
import { installProbe, READY_THEN_VITALS, type PageVitals } from './vitals-probe';

// A/B of one page's main-thread work on the vitals bench's phone profile, for a shared host where wall times
// stretch: `npx tsx scripts/bench/vitals-trace.ts <base A> <base B> [path] [store] [rounds]` loads the page from
// each server in turn (alternated, one browser) with a Chromium trace, and prints per load the probe's blocking
// time and every top-level task of ≥ 30 ms of thread CPU (`tdur`) after FCP, split into script, style, layout
// (forced = inside script), paint and parse, with the script's entry function.

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string }; frame?: string };
}

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
]);
const PAINT = new Set(['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'Commit', 'RasterTask']);

function summarise(events: TraceEvent[], navTs: number, fcpMs: number): string[] {
  const runTask = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X');
  // The renderer's main thread: the one that parsed HTML.
  const parse = events.find((e) => e.name === 'ParseHTML');
  if (!parse) return ['no ParseHTML in trace'];
  const mine = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const tasks = runTask.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  const top = tasks.filter((t) => !tasks.some((u) => u !== t && u.ts <= t.ts && end(t) <= end(u)));
  const out: string[] = [];
  // Total blocking time counted on thread CPU instead of wall time: what a quiet host's wall-clock figure tends to.
  const cpuBlocking = top
    .filter((t) => (end(t) - navTs) / 1000 > fcpMs)
    .reduce((sum, t) => sum + Math.max(0, (t.tdur ?? 0) / 1000 - 50), 0);
  out.push(`  blocking on thread CPU ${Math.round(cpuBlocking)} ms`);
  for (const t of top) {
    const cpu = (t.tdur ?? 0) / 1000;
    const at = (t.ts - navTs) / 1000;
    if (cpu < 30 || at + (t.dur ?? 0) / 1000 < fcpMs) continue;
    const inside = mine.filter((e) => e !== t && e.ts >= t.ts && end(e) <= end(t));
    const outer = (pred: (e: TraceEvent) => boolean) => {
      const hits = inside.filter(pred);
      return hits.filter((e) => !hits.some((u) => u !== e && u.ts <= e.ts && end(e) <= end(u)));
    };
    const sum = (xs: TraceEvent[]) => Math.round(xs.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000);
    const scripts = outer((e) => SCRIPT.has(e.name));
    const inScript = (e: TraceEvent) => scripts.some((s) => s.ts <= e.ts && end(e) <= end(s));
    const layouts = outer((e) => e.name === 'Layout');
    const styles = outer((e) => e.name === 'UpdateLayoutTree');
    const entry = scripts
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
      .slice(0, 2)
      .map((s) => `${s.name}:${s.args?.data?.functionName ?? ''}@${(s.args?.data?.url ?? '').split('/').pop()}`)
      .join(' ');
    out.push(
      ...(process.env.TRACE_DETAIL
        ? inside
            .filter((e) => (e.tdur ?? 0) >= Number(process.env.TRACE_DETAIL) * 1000)
            .map(
              (e) =>
                `      ${' '.repeat(inside.filter((u) => u !== e && u.ts <= e.ts && end(e) <= end(u)).length)}${e.name} ${Math.round((e.tdur ?? 0) / 1000)} ${e.args?.data?.functionName ?? ''} ${(e.args?.data?.url ?? '').split('/').pop()}`,
            )
        : []),
      `  t=${Math.round(at)}ms wall ${Math.round((t.dur ?? 0) / 1000)} cpu ${Math.round(cpu)}: script ${sum(scripts)} style ${sum(styles.filter((e) => !inScript(e)))}+forced ${sum(styles.filter(inScript))} layout ${sum(layouts.filter((e) => !inScript(e)))}+forced ${sum(layouts.filter(inScript))} paint ${sum(outer((e) => PAINT.has(e.name)))} parse ${sum(outer((e) => e.name === 'ParseHTML'))} lazy compile ${sum(outer((e) => e.name === 'V8.CompileCode'))} ${entry}`,
    );
  }
  return out;
}

async function load(base: string, path: string, store: number | null): Promise<string[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext(PHONE_CONTEXT);
    if (store !== null) await chooseStore(context, base.replace('#cdp', ''), store);
    await context.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})();` });
    const page = await context.newPage();
    // The whole phone viewport drawn, as the vitals bench's (drawn-viewport.ts).
    await drawWholeViewport(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,toplevel,blink.user_timing,v8.execute,v8,disabled-by-default-v8.compile',
      transferMode: 'ReportEvents',
    });
    await page.goto(base.replace('#cdp', '') + path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    let vitals: PageVitals;
    if (process.env.CDP_WAIT === '1' || (process.env.CDP_WAIT === 'alt' && base.endsWith('#cdp'))) {
      const res = await cdp.send('Runtime.evaluate', { expression: READY_THEN_VITALS, awaitPromise: true, returnByValue: true });
      vitals = res.result.value as PageVitals;
    } else {
      await page.waitForFunction(() => document.documentElement.dataset.runtime === 'ready');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      vitals = await page.evaluate(() => window.__vitals!());
    }
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const nav =
      events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationBodyLoader::StartLoadingBody') ??
      events.find((e) => e.name === 'ParseHTML');
    const navTs = (nav?.ts ?? 0) - 0;
    return [
      `blocking ${Math.round(vitals.blocking)} fcp ${Math.round(vitals.fcp)} lcp ${Math.round(vitals.lcp)} cls ${vitals.cls.toFixed(4)}`,
      ...summarise(events, navTs, vitals.fcp),
    ];
  } finally {
    await browser.close();
  }
}

const [a, b, path = '/showcase', storeArg = '', roundsArg = '3'] = process.argv.slice(2);
const store = storeArg ? Number(storeArg) : null;
for (let i = 0; i < Number(roundsArg); i++)
  for (const [label, base] of [
    ['A', a],
    ['B', b],
  ] as const) {
    if (!base || base === '-') continue;
    const lines = await load(base, path, store);
    console.log(`${label} #${i + 1} ${lines.join('\n')}`);
  }
