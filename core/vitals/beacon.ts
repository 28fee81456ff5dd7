import { Handler } from '../handlers/base';
import { api } from '../api/client';
import { sendVitals } from '../api/content';
import type { Metric, VitalsDevice, VitalsReport } from './thresholds';

// Field measurements of real visits (attached to <body>, outside edit mode): LCP, CLS and INP from the
// browser's own PerformanceObserver entries (buffered, so starting after boot misses nothing), sent once
// as a keepalive request when the page is hidden. INP is the longest interaction (event timing).

const deviceOf = (width: number): VitalsDevice => (width <= 767 ? 'mobile' : width <= 1024 ? 'tablet' : 'desktop');

export default class VitalsBeacon extends Handler {
  private readonly metrics: Partial<Record<Metric, number>> = {};
  private sent = false;

  override connect(): void {
    if (this.isEdit || typeof PerformanceObserver === 'undefined') return;
    this.observe('largest-contentful-paint', (e) => (this.metrics.LCP = e.startTime));
    this.observe('layout-shift', (e) => {
      const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
      if (!shift.hadRecentInput) this.metrics.CLS = (this.metrics.CLS ?? 0) + shift.value;
    });
    this.observe('event', (e) => {
      const event = e as PerformanceEntry & { interactionId?: number };
      if (event.interactionId) this.metrics.INP = Math.max(this.metrics.INP ?? 0, event.duration);
    });
    this.metrics.CLS ??= 0;
    this.listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.send();
    });
    this.listen(window, 'pagehide', () => this.send());
  }

  private observe(type: string, onEntry: (entry: PerformanceEntry) => void): void {
    try {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(onEntry));
      observer.observe({ type, buffered: true, ...(type === 'event' ? { durationThreshold: 40 } : {}) } as PerformanceObserverInit);
      this.onCleanup(() => observer.disconnect());
    } catch {
      /* this browser does not report that entry type */
    }
  }

  private send(): void {
    if (this.sent || this.metrics.LCP === undefined) return;
    this.sent = true;
    const report: VitalsReport = { path: location.pathname, device: deviceOf(window.innerWidth), metrics: this.metrics };
    // A keepalive request through the one client (not sendBeacon, which cannot read its answer): the current
    // nonce, renewed and sent again when another tab signed in or out since the page loaded.
    api(sendVitals, { body: report, keepalive: true }).catch(() => {
      /* a lost measurement is not worth the visitor's attention */
    });
  }
}
