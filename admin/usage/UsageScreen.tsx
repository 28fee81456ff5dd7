import * as adminApi from '../../core/api/admin';
import { useState } from 'react';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';

// Counts of the usage events the editor and admin screens recorded (whitelisted details only).
export function UsageScreen() {
  const [error, setError] = useState('');
  const [usage] = useAdminData(adminApi.usageCounts, setError);
  const counts = usage?.counts;
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
