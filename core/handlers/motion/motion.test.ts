// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBus } from '../../events/bus';
import { editConfig, mountHandler } from '../testing/handler-harness';
import MotionHandler from './motion';

beforeEach(() => {
  vi.useFakeTimers();
  // An observer that never reports: the element comes into view only through a resize.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe(): void {}
      disconnect(): void {}
    },
  );
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('motion handler', () => {
  it('checks again 200 ms after the last resize and plays the entrance once the element is in view', () => {
    const { handler, element } = mountHandler<MotionHandler>(MotionHandler, '<div class="elementor-invisible"></div>', {
      _animation: 'fadeInUp',
    });
    let top = 2000; // below the fold
    element.getBoundingClientRect = () => ({
      top,
      bottom: top + 100,
      left: 0,
      right: 100,
      width: 100,
      height: 100,
      x: 0,
      y: top,
      toJSON() {},
    });
    handler.connect();

    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    expect(element.classList.contains('animated')).toBe(false);

    top = 100; // the window grew: now it is in view
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(199);
    expect(element.classList.contains('animated')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(element.classList.contains('animated')).toBe(true);
    expect(element.classList.contains('fadeInUp')).toBe(true);
    expect(element.classList.contains('elementor-invisible')).toBe(false);
    handler.disconnect();
  });
});

describe("motion handler in the editor's canvas", () => {
  // The canvas shares the editor's main thread and compositor: an entrance playing there made keys typed in the
  // editor show a frame late for its 1.25 s (docs/editor.md, "Typing responsiveness").
  const inCanvas = (id: string, settings: Record<string, unknown>, afterStart = true) => {
    document.body.innerHTML = `<div class="elementor-invisible" data-id="${id}"></div>`;
    const element = document.body.firstElementChild as HTMLElement;
    element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 100, height: 100 }); // in view
    const handler = new MotionHandler({
      element,
      settings,
      config: editConfig(),
      bus: createBus(),
      deviceMode: () => 'desktop',
      afterStart,
    });
    handler.connect();
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    return { handler, element };
  };
  const playing = (element: HTMLElement) => element.classList.contains('animated');
  const shown = (element: HTMLElement) => !element.classList.contains('elementor-invisible');

  it('shows the end state when the canvas loads, the element in view', () => {
    const { handler, element } = inCanvas('c1', { _animation: 'fadeIn' }, false);
    expect(shown(element)).toBe(true);
    expect(playing(element)).toBe(false);
    handler.disconnect();
  });

  it('plays once, as a preview, when the editor changes the entrance; not when another setting changes', () => {
    inCanvas('c2', { _animation: 'fadeIn' }, false).handler.disconnect();
    // Another setting of the element changed: connected again with the same entrance.
    const same = inCanvas('c2', { _animation: 'fadeIn', _margin: 4 });
    expect(playing(same.element)).toBe(false);
    expect(shown(same.element)).toBe(true);
    same.handler.disconnect();
    // The editor chose another entrance: it plays.
    const changed = inCanvas('c2', { _animation: 'fadeInUp' });
    expect(playing(changed.element)).toBe(true);
    expect(changed.element.classList.contains('fadeInUp')).toBe(true);
    changed.handler.disconnect();
    // A delay is part of the entrance too.
    const delayed = inCanvas('c2', { _animation: 'fadeInUp', _animation_delay: 300 });
    vi.advanceTimersByTime(300);
    expect(playing(delayed.element)).toBe(true);
    delayed.handler.disconnect();
  });

  it('plays an entrance given after the canvas loaded to an element that had none', () => {
    const { handler, element } = inCanvas('c3', { _animation: 'zoomIn' });
    expect(playing(element)).toBe(true);
    handler.disconnect();
  });
});
