import type { ReactNode } from 'react';
import { AdminTable } from '../admin-table';

/**
 * A page of a back-office list as a table: a row a record with its cells, then an Edit button that names it
 * (its accessible name says which row); "Loading…" until the list arrives.
 */
export function RowTable<T extends { id: number }>(props: {
  caption: string;
  columns: readonly string[];
  items: readonly T[] | undefined;
  cells: (row: T) => ReactNode;
  /** The Edit button's accessible name ("Edit Oakland"). */
  editLabel: (row: T) => string;
  onEdit: (id: number) => void;
}): ReactNode {
  if (!props.items) return <p>Loading…</p>;
  return (
    <AdminTable caption={props.caption} columns={[...props.columns, 'Actions']}>
      {props.items.map((row) => (
        <tr key={row.id}>
          {props.cells(row)}
          <td>
            <button type="button" onClick={() => props.onEdit(row.id)} aria-label={props.editLabel(row)}>
              Edit
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
