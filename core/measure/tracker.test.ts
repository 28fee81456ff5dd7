import { describe, expect, it } from 'vitest';
import type { ContentEvent } from '../wire/content-event';
import { ContentTracker } from './tracker';

function tracker(refused = false) {
  const sent: ContentEvent[][] = [];
  const views: string[] = [];
  const store = new Map<string, string>();
  const timers: Array<() => void> = [];
  let n = 0;
  const t = new ContentTracker({
    send: async (events) => sent.push(events),
    openView: async (type, id, variant) => {
      const view = `view-${type}-${id}-${variant}`;
      views.push(view);
      return view;
    },
    refused: () => refused,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    randomId: () => `id-${++n}-abcdefgh`,
    schedule: (fn) => timers.push(fn),
  });
  return { t, sent, views, timers, store };
}

describe('ContentTracker', () => {
  it('opens one server view per shown subject and batches the events that name it, each (subject, event) once', async () => {
    const { t, sent, views, timers } = tracker();
    await t.record('popup', 51, 'impression');
    await t.record('popup', 51, 'impression');
    await t.record('popup', 51, 'click');
    await t.record('popup', 51, 'close');
    await t.record('block', 1001, 'impression', 'B');
    expect(views).toEqual(['view-popup-51-A', 'view-block-1001-B']);
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      [
        { view_id: 'view-popup-51-A', subject_type: 'popup', subject_id: 51, variant: 'A', event: 'click' },
        { view_id: 'view-popup-51-A', subject_type: 'popup', subject_id: 51, variant: 'A', event: 'close' },
      ],
    ]);
  });

  it('drops a click or close of a subject that was never shown (the server would refuse it), and names a clicked view', async () => {
    const { t, sent } = tracker();
    await t.record('popup', 9, 'close');
    await t.record('block', 4, 'add_to_cart', 'A', 'view-clicked-earlier');
    await t.flush();
    expect(sent).toEqual([[{ view_id: 'view-clicked-earlier', subject_type: 'block', subject_id: 4, variant: 'A', event: 'add_to_cart' }]]);
  });

  it('a flush when the page is left ends the pending batch timer, so the next batch waits its own second', async () => {
    const sent: ContentEvent[][] = [];
    const pending = new Set<number>();
    let handles = 0;
    const t = new ContentTracker({
      send: async (events) => sent.push(events),
      openView: async () => 'view-abcdefgh',
      refused: () => false,
      storage: null,
      randomId: () => 'visitor-abcdefgh',
      schedule: () => (pending.add(++handles), handles),
      cancel: (h) => pending.delete(h as number),
    });
    await t.record('popup', 7, 'impression');
    await t.record('popup', 7, 'click');
    expect(pending.size).toBe(1);
    await t.flush();
    expect(pending.size).toBe(0);
    await t.record('popup', 7, 'close');
    expect(pending.size).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('keeps a stable visitor id', () => {
    const { t } = tracker();
    expect(t.visitorId()).toBe(t.visitorId());
  });

  it('opens no view, sends nothing and has no visitor id when tracking is refused', async () => {
    const { t, sent, views, timers, store } = tracker(true);
    await t.record('popup', 51, 'impression');
    await t.flush();
    expect(views).toEqual([]);
    expect(timers).toEqual([]);
    expect(sent).toEqual([]);
    expect(t.visitorId()).toBeNull();
    expect(store.size).toBe(0);
  });
});
