// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../storage/local-storage';
import { PopupVisitorStorage } from './visitor-storage';
import { useFreshStorageAt } from '../storage/testing/fresh-storage';

describe('PopupVisitorStorage', () => {
  useFreshStorageAt('2026-11-23T10:00:00Z');

  it('counts page views on every page and sessions once per browser session', () => {
    const s = new PopupVisitorStorage();
    s.countVisit();
    s.countVisit();
    expect([s.pageViews(), s.sessions()]).toEqual([2, 1]);
    sessionStorage.clear(); // a new browser session
    s.countVisit();
    expect([s.pageViews(), s.sessions()]).toEqual([3, 2]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ pageViews: 3, sessions: 2 });
  });

  it('records per-popup show times, session shows and impression counts', () => {
    const s = new PopupVisitorStorage();
    s.recordShow('50');
    vi.advanceTimersByTime(1000);
    s.recordShow('50');
    expect(s.showTimes('50')).toEqual([Date.parse('2026-11-23T10:00:00Z'), Date.parse('2026-11-23T10:00:01Z')]);
    expect(s.sessionShows('50')).toBe(2);
    expect(s.impressions('50')).toBe(2);
    expect(s.impressions('51')).toBe(0);
  });

  it('keeps the do-not-show-again flag per popup across instances (reloads)', () => {
    new PopupVisitorStorage().disable('52');
    const later = new PopupVisitorStorage();
    expect(later.isDisabled('52')).toBe(true);
    expect(later.isDisabled('50')).toBe(false);
  });

  it('survives junk in storage', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ pageViews: 'many', popup_50_times: 'x', popup_50_impressions: -3 }));
    const s = new PopupVisitorStorage();
    expect([s.pageViews(), s.showTimes('50'), s.impressions('50')]).toEqual([0, [], 0]);
  });
});
