import { describe, expect, it } from 'vitest';
import type { ContentEvent } from '../wire/content-event';
import { ContentTracker } from './tracker';

function tracker(refused = false) {
  const sent: ContentEvent[][] = [];
  const store = new Map<string, string>();
  const timers: Array<() => void> = [];
  let n = 0;
  const t = new ContentTracker({
    send: async (events) => sent.push(events),
    refused: () => refused,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    randomId: () => `id-${++n}-abcdefgh`,
    schedule: (fn) => timers.push(fn),
  });
  return { t, sent, timers, store };
}

describe('ContentTracker', () => {
  it('batches the events of one view and sends each (subject, event) once', async () => {
    const { t, sent, timers } = tracker();
    t.record('popup', 51, 'impression');
    t.record('popup', 51, 'impression');
    t.record('popup', 51, 'click');
    t.record('block', 1001, 'impression', 'B');
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]();
    await Promise.resolve();
    expect(sent).toEqual([
      [
        { view_id: t.viewId, subject_type: 'popup', subject_id: 51, variant: 'A', event: 'impression' },
        { view_id: t.viewId, subject_type: 'popup', subject_id: 51, variant: 'A', event: 'click' },
        { view_id: t.viewId, subject_type: 'block', subject_id: 1001, variant: 'B', event: 'impression' },
      ],
    ]);
  });

  it('a flush when the page is left ends the pending batch timer, so the next batch waits its own second', async () => {
    const sent: ContentEvent[][] = [];
    const pending = new Set<number>();
    let handles = 0;
    const t = new ContentTracker({
      send: async (events) => sent.push(events),
      refused: () => false,
      storage: null,
      randomId: () => 'view-abcdefgh',
      schedule: () => (pending.add(++handles), handles),
      cancel: (h) => pending.delete(h as number),
    });
    t.record('popup', 7, 'impression');
    expect(pending.size).toBe(1);
    await t.flush();
    expect(pending.size).toBe(0);
    t.record('popup', 7, 'close');
    expect(pending.size).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('keeps a stable visitor id', () => {
    const { t } = tracker();
    expect(t.visitorId()).toBe(t.visitorId());
  });

  it('sends nothing and has no visitor id when tracking is refused', async () => {
    const { t, sent, timers, store } = tracker(true);
    t.record('popup', 51, 'impression');
    await t.flush();
    expect(timers).toEqual([]);
    expect(sent).toEqual([]);
    expect(t.visitorId()).toBeNull();
    expect(store.size).toBe(0);
  });
});
