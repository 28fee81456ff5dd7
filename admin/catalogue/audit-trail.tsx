import { useCallback } from 'react';
import * as catalogue from '../../core/api/catalogue';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';

const describe = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** What changed between two versions of a row, field by field. */
export function changes(before: unknown, after: unknown): Array<[string, string, string]> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== 'updated_at');
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => [k, describe(b[k]), describe(a[k])]);
}

/** The row whose trail is shown: stores and products have their own endpoint, the other rows share one. */
export interface TrailOf {
  entity: catalogue.TrailEntity | 'store' | 'product';
  id: number;
}

/** A row's audit trail: who, when, what was before and after. */
export function AuditTrail({ of, title }: { of: TrailOf; title: string }) {
  const trail = of.entity === 'store' ? catalogue.storeAudit : of.entity === 'product' ? catalogue.productAudit : catalogue.rowAudit;
  const [data, reload] = useAdminData(trail, undefined, { params: { entity: of.entity, id: of.id } });
  const refresh = useCallback(() => void reload(), [reload]);
  return (
    <section className="catalogue-audit" aria-label={title}>
      <h3>{title}</h3>
      <button type="button" onClick={refresh}>
        Refresh history
      </button>
      {data ? (
        data.items.length ? (
          <AdminTable caption={title} columns={['When', 'Who', 'What', 'Changes']}>
            {data.items.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.created_at).toLocaleString()}</td>
                <td>{e.user_name}</td>
                <td>
                  {e.action} {e.entity.replace('_', ' ')} {e.entity_id}
                </td>
                <td>
                  <ul className="catalogue-changes">
                    {changes(e.before, e.after)
                      .slice(0, 12)
                      .map(([field, from, to]) => (
                        <li key={field}>
                          {field}: {from} → {to}
                        </li>
                      ))}
                  </ul>
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p>No changes recorded yet.</p>
        )
      ) : (
        <p>Loading the history…</p>
      )}
    </section>
  );
}
