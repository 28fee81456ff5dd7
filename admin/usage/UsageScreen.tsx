import { useEffect, useState } from 'react';
import { request } from '../../react-app/editor/api';
import { AdminTable } from '../admin-table';

// Counts of the usage events the editor and admin screens recorded (whitelisted details only).
export function UsageScreen() {
  const [counts, setCounts] = useState<Array<{ name: string; count: number }> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    request<{ counts: Array<{ name: string; count: number }> }>('/wp-json/site/v1/usage-events/counts').then(
      (r) => setCounts(r.counts),
      (e: Error) => setError(e.message),
    );
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!counts) return <p>Loading…</p>;
  if (!counts.length) return <p>No usage events recorded yet.</p>;
  return (
    <AdminTable caption="Usage events by name" columns={['Event', 'Count']} className="usage-table">
      {counts.map((c) => (
        <tr key={c.name}>
          <td>{c.name}</td>
          <td>{c.count}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
