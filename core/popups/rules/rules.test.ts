import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuleContext } from '../types';
import { browsers, detectBrowser } from './browsers';
import { devices } from './devices';
import { checkTiming } from './index';
import { loggedIn } from './logged-in';
import { pageViews } from './page-views';
import { schedule, wallClock } from './schedule';
import { sessions } from './sessions';
import { isSearchEngine, SEARCH_ENGINES, sourceOf, sources } from './sources';
import { times } from './times';
import { url } from './url';
import { stores } from './stores';
import { userGroups } from './user-groups';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({
  popupId: '50',
  now: NOW,
  pageLoadedAt: NOW,
  referrer: '',
  host: 'harvestlane.test',
  userAgent: '',
  deviceMode: 'desktop',
  user: { id: 0, roles: [] },
  storeId: null,
  userGroups: [22728263],
  pageViews: 1,
  sessions: 1,
  showTimes: [],
  sessionShows: 0,
  ...over,
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE = `${CHROME} Edg/131.0.0.0`;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const OPERA = `${CHROME} OPR/114.0.0.0`;
const IE = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';

describe('page_views', () => {
  it.each([
    [3, 2, false],
    [3, 3, true],
    [3, 4, true],
    [0, 0, true],
  ])('views %s with %s page views → %s', (views, seen, pass) => {
    expect(pageViews({ views }, ctx({ pageViews: seen })).pass).toBe(pass);
  });
  it('reads string settings and reports the compared value', () => {
    expect(pageViews({ views: '2' }, ctx({ pageViews: 1 }))).toEqual({ pass: false, value: '1 page views', expected: 'at least 2' });
  });
});

describe('sessions', () => {
  it.each([
    [2, 1, false],
    [2, 2, true],
    ['5', 9, true],
  ])('sessions %s with %s sessions → %s', (wanted, seen, pass) => {
    expect(sessions({ sessions: wanted }, ctx({ sessions: seen })).pass).toBe(pass);
  });
});

describe('url', () => {
  const ref = 'https://www.google.com/search?q=apples';
  it.each([
    ['google.com', 'show', ref, true],
    ['bing.com', 'show', ref, false],
    ['google.com', 'hide', ref, false],
    ['bing.com', 'hide', ref, true],
    ['^https://(www\\.)?google\\.', 'regex', ref, true],
    ['^https://bing', 'regex', ref, false],
    ['', 'show', '', true],
  ])('%s (%s) against %s → %s', (u, action, referrer, pass) => {
    expect(url({ url: u, action }, ctx({ referrer })).pass).toBe(pass);
  });
  it('an invalid regular expression never shows', () => {
    const r = url({ url: '([a-z', action: 'regex' }, ctx({ referrer: '([a-z' }));
    expect(r.pass).toBe(false);
    expect(r.expected).toContain('invalid regular expression');
  });
});

describe('sources', () => {
  it('lists the five search engines in one place', () => {
    expect([...SEARCH_ENGINES]).toEqual(['google', 'yahoo', 'bing', 'yandex', 'baidu']);
  });
  it.each([
    ['https://www.google.com/search', true],
    ['http://yahoo.co.jp/', true],
    ['https://bing.com/', true],
    ['https://yandex.ru/', true],
    ['https://www.baidu.com/s', true],
    ['https://duckduckgo.com/', false],
    ['https://notgoogle.com/', false],
    ['https://google/', false],
    ['https://search.yahoo.com/search?p=harvest', true],
    ['https://uk.search.yahoo.com/', true],
    ['https://www.google.co.uk/', true],
    ['https://cn.bing.com:443/search', true],
    ['https://example.com/?ref=google.com', false],
    ['https://yahoo-news.example.com/', false],
  ])('%s is a search engine: %s', (referrer, search) => {
    expect(isSearchEngine(referrer)).toBe(search);
  });
  it.each([
    ['https://harvestlane.test/recipes', 'internal'],
    ['https://www.harvestlane.test/', 'internal'],
    ['https://harvestlane.test.evil.com/', 'external'],
    ['https://www.google.com/', 'search'],
    ['https://news.example.com/', 'external'],
    ['', 'external'],
  ])('%s comes from %s', (referrer, source) => {
    expect(sourceOf(referrer, 'harvestlane.test')).toBe(source);
  });
  it.each([
    [['internal'], 'https://harvestlane.test/a', true],
    [['external'], 'https://harvestlane.test/a', false],
    [['search'], 'https://www.bing.com/', true],
    [['external'], 'https://www.bing.com/', false],
    [['internal', 'external', 'search'], '', true],
    [[], '', false],
  ])('sources %j with referrer %s → %s', (allowed, referrer, pass) => {
    expect(sources({ sources: allowed }, ctx({ referrer })).pass).toBe(pass);
  });
});

describe('logged_in', () => {
  const editor = { id: 7, roles: ['editor'] };
  const customer = { id: 8, roles: ['customer'] };
  it.each([
    [{ users: 'all' }, { id: 0, roles: [] }, true],
    [{ users: 'custom', roles: ['customer'] }, { id: 0, roles: [] }, true],
    [{ users: 'all' }, customer, false],
    [{}, customer, false],
    [{ users: 'custom', roles: ['editor', 'administrator'] }, editor, false],
    [{ users: 'custom', roles: ['editor', 'administrator'] }, customer, true],
    [{ users: 'custom', roles: [] }, customer, true],
  ])('%j for %j → %s', (options, user, pass) => {
    expect(loggedIn(options, ctx({ user })).pass).toBe(pass);
  });
});

describe('devices', () => {
  it.each([
    [['desktop', 'tablet'], 'desktop', true],
    [['desktop', 'tablet'], 'mobile', false],
    [[], 'desktop', false],
    ['mobile', 'mobile', true],
  ])('%j on %s → %s', (allowed, deviceMode, pass) => {
    expect(devices({ devices: allowed }, ctx({ deviceMode })).pass).toBe(pass);
  });
});

describe('browsers', () => {
  it.each([
    [CHROME, 'chrome'],
    [EDGE, 'edge'],
    [FIREFOX, 'firefox'],
    [SAFARI, 'safari'],
    [OPERA, 'opera'],
    [IE, 'ie'],
    ['curl/8', 'other'],
  ])('detects %s as %s', (ua, name) => {
    expect(detectBrowser(ua)).toBe(name);
  });
  it.each([
    [{ browsers: 'all' }, 'curl/8', true],
    [{}, FIREFOX, true],
    [{ browsers: 'custom', browsers_options: ['chrome', 'firefox'] }, FIREFOX, true],
    [{ browsers: 'custom', browsers_options: ['chrome'] }, EDGE, false],
    [{ browsers: 'custom', browsers_options: [] }, CHROME, false],
  ])('%j for the user agent → %s', (options, userAgent, pass) => {
    expect(browsers(options, ctx({ userAgent })).pass).toBe(pass);
  });
});

describe('times', () => {
  const hoursAgo = (h: number): number => NOW - h * 3600_000;
  it.each([
    ['day', 1, [hoursAgo(23)], false],
    ['day', 1, [hoursAgo(24)], true], // exactly a day ago is outside the frame
    ['day', 2, [hoursAgo(1)], true],
    ['week', 2, [hoursAgo(1), hoursAgo(24 * 6)], false],
    ['week', 2, [hoursAgo(1), hoursAgo(24 * 7)], true],
    ['month', 1, [NOW - (2628288 - 1) * 1000], false],
    ['month', 1, [NOW - 2628288 * 1000], true],
    ['', 3, [hoursAgo(10_000), hoursAgo(20_000)], true],
    ['', 2, [hoursAgo(10_000), hoursAgo(20_000)], false],
  ])('per %s, limit %s, shows %j → %s', (period, limit, showTimes, pass) => {
    expect(times({ period, times: limit }, ctx({ showTimes })).pass).toBe(pass);
  });
  it('per session counts this session only', () => {
    expect(times({ period: 'session', times: 1 }, ctx({ showTimes: [hoursAgo(1)], sessionShows: 0 })).pass).toBe(true);
    expect(times({ period: 'session', times: 1 }, ctx({ showTimes: [hoursAgo(1)], sessionShows: 1 })).pass).toBe(false);
  });
  it('follows fake time: a day later the popup may show again', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const shown = [Date.now()];
    expect(times({ period: 'day', times: 1 }, ctx({ now: Date.now(), showTimes: shown })).pass).toBe(false);
    vi.advanceTimersByTime(86_400_000);
    expect(times({ period: 'day', times: 1 }, ctx({ now: Date.now(), showTimes: shown })).pass).toBe(true);
    vi.useRealTimers();
  });
});

describe('schedule', () => {
  afterEach(() => vi.useRealTimers());
  const site = { timezone: 'site', start_date: '2026-11-23 09:00', end_date: '2026-11-23 18:00' };
  it.each([
    ['2026-11-23 08:59:59', false],
    ['2026-11-23 09:00:00', true],
    ['2026-11-23 18:00:00', true],
    ['2026-11-23 18:00:01', false],
  ])('site time %s → %s', (server_datetime, pass) => {
    expect(schedule({ ...site, server_datetime }, ctx()).pass).toBe(pass);
  });
  it('the site clock advances with time on the page (fake timers)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const loaded = Date.now();
    const options = { ...site, server_datetime: '2026-11-23 17:59:00' };
    expect(schedule(options, ctx({ now: Date.now(), pageLoadedAt: loaded })).pass).toBe(true);
    vi.advanceTimersByTime(61_000);
    expect(schedule(options, ctx({ now: Date.now(), pageLoadedAt: loaded })).pass).toBe(false);
  });
  it('open-ended ranges and visitor time', () => {
    const localNow = new Date(2026, 10, 23, 12, 0).getTime();
    expect(schedule({ timezone: 'user', start_date: '2026-11-23 11:00' }, ctx({ now: localNow })).pass).toBe(true);
    expect(schedule({ timezone: 'user', end_date: '2026-11-23 11:00' }, ctx({ now: localNow })).pass).toBe(false);
    expect(schedule({}, ctx()).pass).toBe(true);
  });
  it('parses wall clocks and rejects junk', () => {
    expect(wallClock('2026-01-02 03:04:05')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(wallClock('2026-01-02')).toBe(Date.UTC(2026, 0, 2));
    expect(wallClock('soon')).toBeNull();
    expect(wallClock('')).toBeNull();
  });
});

describe('checkTiming', () => {
  it('runs only the rules switched on, each with its prefixed options', () => {
    const results = checkTiming(
      { page_views: 'yes', page_views_views: 2, sessions: '', sessions_sessions: 9, devices: 'yes', devices_devices: ['desktop'] },
      ctx({ pageViews: 2 }),
    );
    expect(results.map((r) => [r.name, r.pass])).toEqual([
      ['page_views', true],
      ['devices', true],
    ]);
  });
  it('no timing means nothing to check', () => {
    expect(checkTiming(undefined, ctx())).toEqual([]);
  });
});

describe('stores and user_groups (content targeting against the visitor, or the simulated one in a preview)', () => {
  it.each([
    [[3, 7], 7, true],
    [['3', '7'], 3, true],
    [[3, 7], 4, false],
    [[3], null, false],
    [[], 3, false],
  ])('stores %j, visitor at %s → %s', (allowed, storeId, pass) => {
    expect(stores({ ids: allowed }, ctx({ storeId })).pass).toBe(pass);
  });
  it('names the store and the wanted ones for the explainer', () => {
    const r = stores({ ids: [3] }, ctx({ storeId: 4, storeName: 'Dayton' }));
    expect([r.value, r.expected]).toEqual(['store Dayton (id 4)', 'one of stores 3']);
    expect(stores({ ids: [3] }, ctx()).value).toBe('no store chosen');
  });
  it.each([
    [[5003], [5003], true],
    [[5001, 5003], [5002, 5003], true],
    [[5003], [22728263], false],
    [[22728263], [22728263], true],
  ])('user groups %j for a visitor in %j → %s', (wanted, groups, pass) => {
    expect(userGroups({ ids: wanted }, ctx({ userGroups: groups })).pass).toBe(pass);
  });
  it('checkTiming runs both when switched on', () => {
    const r = checkTiming(
      { stores: 'yes', stores_ids: [3], user_groups: 'yes', user_groups_ids: [5003] },
      ctx({ storeId: 3, userGroups: [5003] }),
    );
    expect(r.map((x) => [x.name, x.pass])).toEqual([
      ['stores', true],
      ['user_groups', true],
    ]);
  });
});
