import { api } from '../../core/api/client';
import { vitals } from '../../core/api/content';
import { useEffect, useState } from 'react';
import { formatMetric, METRICS, rating, type Metric } from '../../core/vitals/thresholds';

// The page's field measurements in the editor toolbar: the last 28 days' p75 of real visits per device
// (GET /wp-json/site/v1/vitals), with its rating, so an editor sees what their page does to shoppers.

interface Summary {
  devices: Array<{ device: string; views: number; p75: Partial<Record<Metric, number>> }>;
}

export function PageVitals({ path }: { path: string }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  useEffect(() => {
    let live = true;
    api(vitals, { query: { path } }).then(
      (s) => live && setSummary(s),
      () => undefined, // no numbers is fine: the toolbar stays as it is
    );
    return () => {
      live = false;
    };
  }, [path]);
  if (!summary) return null;
  return <VitalsLine summary={summary} />;
}

/** The line itself: devices apart ("… good; mobile (3): …"), so it reads and is announced as separate parts. */
export function VitalsLine({ summary }: { summary: Summary }) {
  if (!summary.devices.length) return <p className="editor-vitals">Field p75: no visits measured yet</p>;
  return (
    <p className="editor-vitals">
      Field p75{' '}
      {summary.devices.map((d, i) => (
        <span key={d.device} className="editor-vitals__device">
          {i > 0 ? '; ' : ''}
          {d.device} ({d.views}):{' '}
          {METRICS.filter((m) => d.p75[m] !== undefined)
            .map((m) => `${m} ${formatMetric(m, d.p75[m]!)} ${rating(m, d.p75[m]!).replace('-', ' ')}`)
            .join(' · ')}
        </span>
      ))}
    </p>
  );
}
