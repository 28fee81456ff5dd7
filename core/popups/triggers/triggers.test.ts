// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adblockDetection, isAdBlocked } from './adblock-detection';
import { click } from './click';
import { exitIntent } from './exit-intent';
import { inactivity } from './inactivity';
import { activeTriggers, armTriggers } from './index';
import { pageLoad } from './page-load';
import { scrolling } from './scrolling';
import { scrollingTo } from './scrolling-to';

function setScroll(y: number, height = 3000, viewport = 1000): void {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: viewport });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

describe('triggers', () => {
  let fire: ReturnType<typeof vi.fn<(detail: string) => void>>;
  // Every trigger a test starts is stopped after it, so no listener or timer outlives its test.
  let stops: (() => void)[] = [];
  const started = (stop: () => void): (() => void) => {
    stops.push(stop);
    return stop;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    fire = vi.fn<(detail: string) => void>();
    setScroll(0);
    fire.mockClear();
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    vi.useRealTimers();
    document.body.innerHTML = '';
    document.head.innerHTML = '';
  });

  it('page_load fires after its delay in seconds', () => {
    started(pageLoad({ options: { delay: 3 }, win: window, fire }));
    vi.advanceTimersByTime(2999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledOnce();
  });
  it('page_load with no delay fires at once; stopping it cancels', () => {
    started(pageLoad({ options: {}, win: window, fire }));
    vi.advanceTimersByTime(0);
    expect(fire).toHaveBeenCalledOnce();
    const second = vi.fn();
    started(pageLoad({ options: { delay: 1 }, win: window, fire: second }))();
    vi.advanceTimersByTime(5000);
    expect(second).not.toHaveBeenCalled();
  });

  it('scrolling down fires when the scrolled percentage reaches the offset', () => {
    started(scrolling({ options: { direction: 'down', offset: 50 }, win: window, fire }));
    setScroll(900); // 45 %
    expect(fire).not.toHaveBeenCalled();
    setScroll(1000); // 50 %
    expect(fire).toHaveBeenCalledOnce();
  });
  it('scrolling up fires at once on an upward scroll, not on a downward one', () => {
    setScroll(1500);
    started(scrolling({ options: { direction: 'up', offset: 90 }, win: window, fire }));
    setScroll(1800);
    expect(fire).not.toHaveBeenCalled();
    setScroll(1790);
    expect(fire).toHaveBeenCalledOnce();
  });

  it('a stopped scroll trigger no longer listens', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    started(scrolling({ options: { direction: 'down', offset: 50 }, win: window, fire }))();
    expect(removed).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
    setScroll(2000);
    expect(fire).not.toHaveBeenCalled();
    document.body.innerHTML = '<div id="deals"></div>';
    document.getElementById('deals')!.getBoundingClientRect = () => ({ top: 0, bottom: 100 }) as DOMRect;
    started(scrollingTo({ options: { selector: '#deals' }, win: window, fire }))();
    setScroll(2100);
    expect(fire).not.toHaveBeenCalled();
    removed.mockRestore();
  });

  it('scrolling_to fires when the element reaches the viewport', () => {
    document.body.innerHTML = '<div id="deals"></div>';
    const el = document.getElementById('deals')!;
    let top = 2000;
    el.getBoundingClientRect = () => ({ top, bottom: top + 100 }) as DOMRect;
    started(scrollingTo({ options: { selector: '#deals' }, win: window, fire }));
    setScroll(500);
    expect(fire).not.toHaveBeenCalled();
    top = 900;
    setScroll(1100);
    expect(fire).toHaveBeenCalledOnce();
  });
  it.each(['#deals[', '', '#missing'])('scrolling_to ignores the selector %j', (selector) => {
    document.body.innerHTML = '<div id="deals"></div>';
    expect(() => started(scrollingTo({ options: { selector }, win: window, fire }))).not.toThrow();
    setScroll(2000);
    expect(fire).not.toHaveBeenCalled();
  });

  it('click fires when the click count equals times, and only then', () => {
    started(click({ options: { times: 3 }, win: window, fire }));
    document.body.click();
    document.body.click();
    expect(fire).not.toHaveBeenCalled();
    document.body.click();
    expect(fire).toHaveBeenCalledWith('click number 3');
    document.body.click();
    expect(fire).toHaveBeenCalledOnce();
  });

  it('inactivity fires after the time without activity; activity restarts the clock', () => {
    started(inactivity({ options: { time: 10 }, win: window, fire }));
    vi.advanceTimersByTime(9000);
    document.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(9000);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fire).toHaveBeenCalledOnce();
  });

  it('exit_intent fires when the pointer leaves at the top edge only', () => {
    started(exitIntent({ options: {}, win: window, fire }));
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 400, relatedTarget: null }));
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: document.body }));
    expect(fire).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -2, relatedTarget: null }));
    expect(fire).toHaveBeenCalledOnce();
  });

  it('adblock_detection checks after its delay and fires only when the bait is hidden', () => {
    started(adblockDetection({ options: { delay: 2 }, win: window, fire }));
    vi.advanceTimersByTime(2000);
    expect(fire).not.toHaveBeenCalled();
    const style = document.createElement('style');
    style.textContent = '.adsbox { display: none !important; }';
    document.head.appendChild(style);
    expect(isAdBlocked(document)).toBe(true);
    started(adblockDetection({ options: { delay: 2 }, win: window, fire }));
    vi.advanceTimersByTime(1999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledWith('ad blocker detected');
    expect(document.querySelector('.adsbox')).toBeNull();
  });

  it('armTriggers: the first trigger that fires wins and every trigger is dropped', () => {
    const onFire = vi.fn();
    started(armTriggers({ page_load: 'yes', page_load_delay: 5, click: 'yes', click_times: 2, inactivity: '' }, window, onFire));
    document.body.click();
    document.body.click();
    expect(onFire).toHaveBeenCalledWith('click', 'click number 2');
    vi.advanceTimersByTime(10_000);
    expect(onFire).toHaveBeenCalledOnce();
    expect(activeTriggers({ page_load: 'yes', click: 'yes', inactivity: '' })).toEqual(['page_load', 'click']);
  });
});
