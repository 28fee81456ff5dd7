import type { CDPSession } from '@playwright/test';

// Main-thread CPU time per key from a Chromium trace: on a shared machine wall times stretch with the load, the
// thread's CPU time (`tdur`) much less. Used by the editor-typing bench beside its Event Timing figures.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

export const TRACE_CATEGORIES = 'devtools.timeline,toplevel,cc';

/** Starts a trace; the returned function ends it and answers its events. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    return events;
  };
}

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

/**
 * Per keydown: the renderer main thread's CPU ms from the key's task up to the next frame's task (the handlers and
 * anything queued before the frame), of that frame's task (style, layout, paint), and after it until the next key:
 * the tasks before the following frame (the editor's canvas update, run after the key's paint) and that frame's task
 * (the canvas's style, layout and paint). A key whose work all fits in its own frame has 0 for the last two.
 */
export function cpuPerKey(events: TraceEvent[]): Array<{ input: number; frame: number; after: number; afterFrame: number }> {
  const keydown = (e: TraceEvent) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown';
  const threads = new Map<string, number>();
  for (const e of events) if (keydown(e)) threads.set(`${e.pid}:${e.tid}`, (threads.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...threads].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  // Outermost tasks only (a task may be traced inside another of the same name).
  const top = tasks.filter((t) => !tasks.some((u) => u !== t && u.ts <= t.ts && end(t) <= end(u) && (u.ts < t.ts || end(t) < end(u))));
  const frames = mine.filter((e) => e.name === 'ProxyMain::BeginMainFrame');
  const taskOf = (at: number) => top.find((t) => t.ts <= at && at < end(t));
  const cpu = (ts: TraceEvent[]) => ts.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000;
  const keys = mine.filter(keydown);
  const out: Array<{ input: number; frame: number; after: number; afterFrame: number }> = [];
  keys.forEach((k, i) => {
    const first = taskOf(k.ts);
    if (!first) return;
    const nextKey = keys[i + 1] ? (taskOf(keys[i + 1].ts)?.ts ?? keys[i + 1].ts) : Infinity;
    const frameOf = (from: number) => {
      const f = frames.find((e) => e.ts >= from && e.ts < nextKey);
      return f ? taskOf(f.ts) : undefined;
    };
    const frameTask = frameOf(end(first));
    const before = top.filter((t) => t.ts >= first.ts && (!frameTask || t.ts < frameTask.ts));
    const nextFrame = frameTask ? frameOf(end(frameTask)) : undefined;
    const after = frameTask ? top.filter((t) => t.ts >= end(frameTask) && t.ts < (nextFrame?.ts ?? nextKey)) : [];
    // Only tasks that lead to a frame count as the key's work after its frame (not idle timers until the next key).
    const leads = nextFrame !== undefined;
    out.push({
      input: cpu(before),
      frame: (frameTask?.tdur ?? 0) / 1000,
      after: leads ? cpu(after) : 0,
      afterFrame: (nextFrame?.tdur ?? 0) / 1000,
    });
  });
  return out;
}
