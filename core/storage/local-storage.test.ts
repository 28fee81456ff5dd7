// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY, VisitorStorage } from './local-storage';
import { useFreshStorageAt } from './testing/fresh-storage';

describe('VisitorStorage', () => {
  useFreshStorageAt('2026-11-23T10:00:00Z');

  it("keeps values and an expiration map under the key 'elementor'", () => {
    const s = new VisitorStorage();
    s.set('pageViews', 3);
    s.set('popup_12_times', 1, { lifetimeInSeconds: 60 });
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    expect(raw.pageViews).toBe(3);
    expect(raw.__expiration).toEqual({ popup_12_times: Date.parse('2026-11-23T10:01:00Z') });
  });

  it('forgets a value once its lifetime has passed', () => {
    const s = new VisitorStorage();
    s.set('x', 'y', { lifetimeInSeconds: 10 });
    vi.advanceTimersByTime(9_999);
    expect(s.get('x')).toBe('y');
    vi.advanceTimersByTime(1);
    expect(s.get('x')).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).__expiration).toEqual({});
  });

  it('keeps session values apart from local ones', () => {
    const s = new VisitorStorage();
    s.set('sessions', 1, { session: true });
    expect(s.get('sessions')).toBeUndefined();
    expect(s.get('sessions', { session: true })).toBe(1);
  });

  it('survives corrupt stored JSON and unavailable storage', () => {
    localStorage.setItem(STORAGE_KEY, '{oops');
    const s = new VisitorStorage();
    expect(s.get('a')).toBeUndefined();
    s.set('a', 1);
    expect(s.get('a')).toBe(1);
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const m = new VisitorStorage();
    m.set('b', 2);
    expect(m.get('b')).toBe(2);
    spy.mockRestore();
  });
});
