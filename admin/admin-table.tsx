import type { ReactNode } from 'react';

/**
 * A list of an admin screen as a table: its caption (read to screen readers only, unless the screen has no
 * heading that says it), one column header a column, then the rows the screen renders.
 */
export function AdminTable(props: {
  caption: string;
  captionVisible?: boolean;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <table className={props.className ? `admin-table ${props.className}` : 'admin-table'}>
      <caption className={props.captionVisible ? undefined : 'visually-hidden'}>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
