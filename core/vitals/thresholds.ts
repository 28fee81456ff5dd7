// Core Web Vitals as the field measures them (web.dev thresholds): good up to the first value, poor above the
// second. The beacon (core/vitals/beacon.ts), /admin/performance and the editor's toolbar use these.

export const METRICS = ['LCP', 'CLS', 'INP'] as const;
export type Metric = (typeof METRICS)[number];
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type VitalsDevice = (typeof DEVICES)[number];

export const THRESHOLDS: Record<Metric, [good: number, poor: number]> = { LCP: [2500, 4000], CLS: [0.1, 0.25], INP: [200, 500] };

export type Rating = 'good' | 'needs-improvement' | 'poor';

export function rating(metric: Metric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** The 75th percentile (nearest rank), as field data is reported. */
export function p75(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1];
}

export const formatMetric = (metric: Metric, value: number): string => (metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`);

/** One page view's measurements, as the beacon sends them. */
export interface VitalsReport {
  path: string;
  device: VitalsDevice;
  metrics: Partial<Record<Metric, number>>;
}
