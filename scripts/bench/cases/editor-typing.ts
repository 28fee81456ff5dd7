import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../chromium.mjs';
import { printTable, type BenchCase } from '../harness';
import { cpuPerKey, startTrace } from '../trace-cpu';
import { pageWithDrawnViewport } from '../drawn-viewport';

// Editor responsiveness (docs/editor.md, docs/performance.md): 50 keys typed into a control of an element of
// /showcase/500-elements (document 31) in the editor, in Chromium without CPU throttling. Each key's time is the
// Event Timing API's: from the key press to the next frame painted after its handlers (`duration`, which includes
// the processing), for keydown, input and keyup. The API reports only events of 16 ms or more (its smallest
// `durationThreshold`): a key with no entry took less. Also counted: the handlers the canvas's runtime connects
// while typing (each is a re-created element), which must be the edited element's own and no other. And, so the
// canvas's work is seen and not only moved after the key's frame: each key to the end of the frame that shows it
// on the canvas (the element's text holds it), which should be a frame or two.
//
// Goals (issue 36's acceptance): the heading's p95 ≤ 16 ms, and the handlers re-connected are the edited element's
// own: exactly one per key for an element with a handler (the counter), none for one without (the heading), no
// other element's ever. A missed goal prints "goal missed" lines and makes the run exit non-zero.

const KEYS = 50;
const PAGE_ID = 31;
const GOAL_P95_MS = 16;

export interface Typed {
  /** The longest Event Timing duration of each key's events (0: under the 16 ms threshold). */
  perKey: number[];
  /** The handlers' time (processingEnd − processingStart) of each reported entry, and key → handlers done (processingEnd − startTime). */
  processing: number[];
  toHandled: number[];
  attached: string[];
  /** Per key: from the key press (its keydown's timestamp) to the end of the frame that showed it on the canvas. */
  toCanvas: number[];
  /** The canvas element's text after the last key, and what it should hold. */
  canvasText: string;
  expected: string;
}

/**
 * Types `text` into the labelled control of the element, one key a frame; what Event Timing and the runtime saw.
 * TYPING_EVERY_MS=100: a key every 100 ms at most (a fast typist) instead. TYPING_LOCATOR=1: each key through the
 * locator, as this bench did until 2026-11-28 (each key then follows Playwright's label search in the page), to
 * compare the two in one run.
 */
export async function typeInto(page: Page, elementId: string, label: string, text: string): Promise<Typed> {
  const everyMs = Number(process.env.TYPING_EVERY_MS ?? 0);
  const viaLocator = process.env.TYPING_LOCATOR === '1';
  await page.frameLocator('iframe.editor-canvas-frame').locator(`[data-id="${elementId}"]`).click();
  const field = page.getByLabel(label, { exact: true });
  await field.waitFor();
  await field.press('End');
  const before = await field.inputValue();
  await page.evaluate((id) => {
    const w = window as unknown as {
      siteRuntime: { attach: (el: HTMLElement, ...rest: unknown[]) => Promise<void> };
      benchAttached: string[];
      benchEvents: PerformanceEventTiming[];
      benchObserver: PerformanceObserver;
      benchKeys: number[];
      benchCanvas: Array<{ painted: number; text: string }>;
    };
    w.benchAttached = [];
    w.benchEvents = [];
    w.benchKeys = [];
    w.benchCanvas = [];
    window.addEventListener('keydown', (e) => w.benchKeys.push(e.timeStamp), { capture: true });
    // The canvas is updated after the key's own frame (docs/editor.md, "Typing responsiveness"): each change of
    // the edited element's text there is timed to the end of the frame that shows it (its animation frame, then
    // a task after that frame's paint).
    const canvas = document.querySelector<HTMLIFrameElement>('iframe.editor-canvas-frame')?.contentDocument;
    const preview = canvas?.querySelector('.editor-preview');
    if (canvas && preview)
      new MutationObserver(() => {
        const seen = { painted: 0, text: canvas.querySelector(`.editor-preview [data-id="${id}"]`)?.textContent ?? '' };
        w.benchCanvas.push(seen);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            seen.painted = performance.now();
            channel.port1.close();
          };
          channel.port2.postMessage(null);
        });
      }).observe(preview, { subtree: true, childList: true, characterData: true });
    const attach = w.siteRuntime.attach.bind(w.siteRuntime);
    w.siteRuntime.attach = (el, ...rest) => {
      w.benchAttached.push(el.dataset.id ?? '?');
      return attach(el, ...rest);
    };
    // No named function inside: the bench runs through tsx, whose helper for function names the page lacks.
    w.benchObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) if (/^key|^input|^beforeinput/.test(e.name)) w.benchEvents.push(e);
    });
    w.benchObserver.observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  }, elementId);
  const starts: number[] = [];
  for (const key of text) {
    starts.push(await page.evaluate(() => performance.now()));
    // The keyboard, into the focused field, as a typist's keys: a locator's press would first find the field again
    // (Playwright's label search over the whole editor, a 40 ms task on the page's main thread before every key,
    // docs/performance.md "Editor typing"), which is not part of typing.
    if (viaLocator) await field.press(key === ' ' ? 'Space' : key);
    else await page.keyboard.press(key === ' ' ? 'Space' : key);
    // The next key once this one's frame is painted, as a typist's keys land in frames of their own.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    if (everyMs) {
      const since = (await page.evaluate(() => performance.now())) - starts[starts.length - 1];
      if (since < everyMs) await page.waitForTimeout(everyMs - since);
    }
  }
  if (!(await field.evaluate((el) => el === document.activeElement)))
    throw new Error(`editor-typing: the ${label} field lost the focus while typing`);
  const raw = await page.evaluate(async () => {
    const w = window as unknown as {
      benchAttached: string[];
      benchEvents: PerformanceEventTiming[];
      benchObserver: PerformanceObserver;
      benchKeys: number[];
      benchCanvas: Array<{ painted: number; text: string }>;
    };
    // The last key's entries are queued once its frame is painted, and its canvas update follows: a few frames on.
    for (let i = 0; i < 4; i++) await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    for (const e of w.benchObserver.takeRecords() as PerformanceEventTiming[])
      if (/^key|^input|^beforeinput/.test(e.name)) w.benchEvents.push(e);
    w.benchObserver.disconnect();
    return {
      keys: w.benchKeys,
      canvas: w.benchCanvas,
      attached: w.benchAttached,
      events: w.benchEvents.map((e) => ({
        start: e.startTime,
        duration: e.duration,
        processing: e.processingEnd - e.processingStart,
        toHandled: e.processingEnd - e.startTime,
      })),
    };
  });
  const perKey = starts.map((start, i) => {
    const end = starts[i + 1] ?? Infinity;
    const mine = raw.events.filter((e) => e.start >= start && e.start < end);
    return mine.length ? Math.max(...mine.map((e) => e.duration)) : 0;
  });
  // A key is on the canvas once the element's text holds every key up to it (a later update holding more counts
  // too: keys faster than frames share one update).
  const toCanvas = raw.keys.map((at, i) => {
    const shown = raw.canvas.find((c) => c.painted >= at && c.text.includes(before + text.slice(0, i + 1)));
    return shown ? shown.painted - at : Infinity;
  });
  return {
    perKey,
    processing: raw.events.map((e) => e.processing),
    toHandled: raw.events.map((e) => e.toHandled),
    attached: raw.attached,
    toCanvas,
    canvasText: raw.canvas.at(-1)?.text ?? '',
    expected: before + text,
  };
}

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const shown = (ms: number) => (ms === 0 ? '< 16' : ms.toFixed(0));
const p95Of = (xs: number[]) => (xs.length ? p95(xs).toFixed(1) : '–');

export const editorTyping: BenchCase = {
  name: 'editor-typing',
  async run(server) {
    const browser = await chromium.launch(chromiumLaunchOptions());
    const rows = [];
    const cpuRows = [];
    const missed: string[] = [];
    try {
      // The whole viewport drawn: the counter's Title sits in the band an emulated viewport leaves undrawn.
      const { context, page } = await pageWithDrawnViewport(browser, 1440, 900);
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email').fill('editor@harvestlane.test');
      await page.getByLabel('Password').fill('editor-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin/);
      const text = 'fresh local peaches and plums this week only!!'.padEnd(KEYS, '!').slice(0, KEYS);
      for (const [what, elementId, label, handlersPerKey, timed] of [
        ["a heading's Title", 'd00001', 'Title', 0, true],
        ["a counter's Title (an element with a handler)", 'd00004', 'Title', 1, false],
      ] as const) {
        await page.goto(`${server.url}/editor/${PAGE_ID}`);
        await page.locator('html[data-runtime="ready"]').waitFor({ state: 'attached' });
        const typed = await typeInto(page, elementId, label, text);
        const over = typed.perKey.filter((d) => d > GOAL_P95_MS).length;
        const others = typed.attached.filter((id) => id !== elementId).length;
        const keyP95 = p95(typed.perKey);
        rows.push({
          typed: what,
          keys: typed.perKey.length,
          'p95 ms (key → next frame)': shown(keyP95) + (timed ? ` (goal ≤ ${GOAL_P95_MS})` : ''),
          'max ms': shown(Math.max(...typed.perKey)),
          'keys over 16 ms': over,
          'handlers p95 ms (reported)': p95Of(typed.processing),
          'key → handled p95 ms (reported)': p95Of(typed.toHandled),
          'key → canvas shown p95 ms': p95Of(typed.toCanvas),
          'key → canvas max ms': Math.max(...typed.toCanvas).toFixed(0),
          'handlers re-connected': typed.attached.length,
          'per key': (typed.attached.length / typed.perKey.length).toFixed(2),
          'other elements re-connected': others,
        });
        if (!typed.canvasText.includes(typed.expected) || typed.toCanvas.length !== typed.perKey.length)
          missed.push(`${what}: the canvas shows "${typed.canvasText}" after ${typed.toCanvas.length} keydowns, not "${typed.expected}"`);
        if (timed && keyP95 > GOAL_P95_MS) missed.push(`${what}: p95 ${shown(keyP95)} ms > ${GOAL_P95_MS} ms`);
        if (typed.attached.length !== handlersPerKey * typed.perKey.length || others > 0)
          missed.push(
            `${what}: ${typed.attached.length} handlers re-connected for ${typed.perKey.length} keys (${others} of other elements); want ${handlersPerKey} a key, its own`,
          );
      }
      // A third pass, traced (tracing slows the page, so it is kept apart from the Event Timing passes above): the
      // main thread's CPU time per key, which a shared machine's load stretches much less than wall time.
      await page.goto(`${server.url}/editor/${PAGE_ID}`);
      await page.locator('html[data-runtime="ready"]').waitFor({ state: 'attached' });
      const stop = await startTrace(await context.newCDPSession(page));
      await typeInto(page, 'd00001', 'Title', text);
      const cpu = cpuPerKey(await stop());
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
      for (const [part, xs] of [
        ['key → before the next frame (handlers, tasks queued)', cpu.map((c) => c.input)],
        ['the next frame (style, layout, paint)', cpu.map((c) => c.frame)],
        ['after that frame: the canvas update (document, history, React render into the canvas)', cpu.map((c) => c.after)],
        ["the canvas's frame (its style, layout, paint)", cpu.map((c) => c.afterFrame)],
      ] as const)
        cpuRows.push({ 'main-thread CPU per key': part, keys: xs.length, 'median ms': median(xs).toFixed(2), 'p95 ms': p95Of(xs) });
    } finally {
      await browser.close();
    }
    printTable('Editor typing on /showcase/500-elements (Event Timing, Chromium, no throttling)', rows);
    printTable("Editor typing: CPU time of a heading's keys (a traced pass)", cpuRows);
    for (const line of missed) console.log(`editor-typing: goal missed: ${line}`);
    if (missed.length) process.exitCode = 1;
    else console.log(`editor-typing: goals met (p95 ≤ ${GOAL_P95_MS} ms; handlers re-connected: the edited element's own, one a key)`);
  },
};
