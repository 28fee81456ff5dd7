import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserViewport, defaultBreakpoints, deviceModeFor, deviceModeOf, orderedDevices, responsiveSetting } from './breakpoints';

const all = Object.fromEntries(Object.entries(defaultBreakpoints).map(([k, v]) => [k, { ...v, is_enabled: true }]));

describe('device mode', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [2400, 'desktop'],
    [5000, 'desktop'],
  ])('default breakpoints: %i px is %s', (width, mode) => expect(deviceModeFor(width, defaultBreakpoints)).toBe(mode));

  it.each([
    [767, 'mobile'],
    [800, 'mobile_extra'],
    [1100, 'tablet_extra'],
    [1300, 'laptop'],
    [1367, 'desktop'],
    [2400, 'widescreen'],
  ])('all breakpoints enabled: %i px is %s', (width, mode) => expect(deviceModeFor(width, all)).toBe(mode));

  it('orders devices from small to large with desktop in its place', () => {
    expect(orderedDevices(defaultBreakpoints)).toEqual(['mobile', 'tablet', 'desktop']);
    expect(orderedDevices(all)).toEqual(['mobile', 'mobile_extra', 'tablet', 'tablet_extra', 'laptop', 'desktop', 'widescreen']);
  });

  it('inherits responsive settings from the next larger device', () => {
    const s = { gap: 30, gap_tablet: 20 };
    expect(responsiveSetting(s, 'gap', 'desktop', defaultBreakpoints)).toBe(30);
    expect(responsiveSetting(s, 'gap', 'tablet', defaultBreakpoints)).toBe(20);
    expect(responsiveSetting(s, 'gap', 'mobile', defaultBreakpoints)).toBe(20);
    expect(responsiveSetting({ gap: 30 }, 'gap', 'mobile', defaultBreakpoints)).toBe(30);
    expect(responsiveSetting({ gap: 30, gap_widescreen: 50 }, 'gap', 'widescreen', all)).toBe(50);
  });
});

describe('browserViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers through media queries, never reading the width (a read forces a layout at boot)', () => {
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      return { matches: query === '(max-width: 1024px)' };
    });
    vi.stubGlobal('window', {
      get innerWidth(): number {
        throw new Error('innerWidth read');
      },
    });
    expect(deviceModeOf(browserViewport(), defaultBreakpoints)).toBe('tablet');
    expect(queries).toEqual(['(max-width: 767px)', '(max-width: 1024px)']);
  });

  it('reads the width where there are no media queries', () => {
    vi.stubGlobal('window', { innerWidth: 500 });
    expect(deviceModeOf(browserViewport(), defaultBreakpoints)).toBe('mobile');
  });
});
