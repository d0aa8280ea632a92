import type { ReactNode } from 'react';
import { TableScroll } from '@/components/ui/table-scroll';

/** One column of a DataTable: its header and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell names its row (`<th scope="row">`), as a form's label column does. */
  rowHeader?: boolean;
}

/** What a row's `<tr>` carries besides its cells: an anchor, a class, the current marker. */
export interface RowAttributes {
  id?: string;
  className?: string;
  'aria-current'?: 'true';
}

/**
 * A table driven by column definitions, in its keyboard-scrollable box: the SDK reference's, the API reference's
 * parameters, the client method table, the versions and the recipe inputs all render through it. A column left
 * out of `columns` (a `false` entry) is not shown.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  className,
  header = true,
}: {
  rows: readonly Row[];
  columns: readonly (Column<Row> | false)[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => RowAttributes;
  className?: string;
  /** Without a header row (an index whose rows speak for themselves). */
  header?: boolean;
}) {
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  return (
    <TableScroll>
      <table className={className}>
        {header ? (
          <thead>
            <tr>
              {shown.map((column, index) => (
                <th key={index}>{column.header}</th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {shown.map((column, index) =>
                column.rowHeader ? (
                  <th key={index} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index}>{column.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
