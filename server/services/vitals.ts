import type { Kysely } from 'kysely';
import { METRICS, p75, type Metric, type VitalsDevice, type VitalsReport } from '../../core/vitals/thresholds';
import type { Database } from '../db/schema';

// Field vitals: stored per page, device and metric; summarised as the 75th percentile of the last 28 days.

const WINDOW_MS = 28 * 24 * 60 * 60 * 1000;

export async function recordVitals(db: Kysely<Database>, report: VitalsReport, now = Date.now()): Promise<number> {
  const rows = METRICS.filter((m) => report.metrics[m] !== undefined).map((metric) => ({
    path: report.path,
    device: report.device,
    metric,
    value: report.metrics[metric]!,
    created_at: now,
  }));
  if (rows.length) await db.insertInto('vitals').values(rows).execute();
  return rows.length;
}

export interface VitalsSummary {
  path: string;
  device: VitalsDevice;
  views: number;
  p75: Partial<Record<Metric, number>>;
}

/** p75 per page and device (optionally one page), busiest pages first. */
export async function vitalsSummary(db: Kysely<Database>, path?: string, now = Date.now()): Promise<VitalsSummary[]> {
  let q = db
    .selectFrom('vitals')
    .select(['path', 'device', 'metric', 'value'])
    .where('created_at', '>=', now - WINDOW_MS);
  if (path !== undefined) q = q.where('path', '=', path);
  const groups = new Map<string, { path: string; device: VitalsDevice; values: Map<string, number[]> }>();
  for (const r of await q.limit(100_000).execute()) {
    const key = `${r.path}|${r.device}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { path: r.path, device: r.device as VitalsDevice, values: new Map() }));
    g.values.set(r.metric, [...(g.values.get(r.metric) ?? []), r.value]);
  }
  return [...groups.values()]
    .map((g) => ({
      path: g.path,
      device: g.device,
      views: g.values.get('CLS')?.length ?? Math.max(0, ...[...g.values.values()].map((v) => v.length)),
      p75: Object.fromEntries(METRICS.flatMap((m) => (g.values.has(m) ? [[m, p75(g.values.get(m)!)!]] : []))),
    }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
}
