import type { ReactNode } from 'react';
import { AdminTableFrame } from './admin-table-frame';

/** One column of an admin table: its heading and what each row shows under it. */
export interface AdminColumn<T> {
  /** The column's heading (text, or a control such as a select-all box). */
  header: ReactNode;
  /** The heading names the column for screen readers only (an "Actions" column's). */
  srOnlyHeader?: boolean;
  /** What the row shows in this column. */
  cell: (row: T) => ReactNode;
  /** Figures line up on the right, heading included. */
  align?: 'right';
  /** Classes of the heading and every cell ('hidden sm:table-cell': a wide screen's column). */
  className?: string;
  /** Classes of the heading alone, such as a width. */
  headerClassName?: string;
  /** Classes of the body's cells alone: their colour, wrapping, figures. */
  cellClassName?: string;
}

const joined = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * The admin's tables, drawn from their columns: a heading row of column headers (scope="col")
 * and a row per item keyed by `rowKey`, in a named region that scrolls sideways on a narrow
 * screen (AdminTableFrame). `widthClassName` sets where the table stops shrinking and scrolls.
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
  widthClassName,
  cellAlign = 'middle',
}: {
  /** The scrolling region's name. */
  label: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  widthClassName: string;
  /** Cells of several lines (an order's lines) read from the top. */
  cellAlign?: 'middle' | 'top';
}) {
  const cell = cellAlign === 'top' ? 'px-3 py-3 align-top' : 'px-3 py-3 align-middle';
  const classesOf = (column: AdminColumn<T>, part: string | undefined) =>
    joined(cell, column.align === 'right' && 'text-right', column.className, part);
  return (
    <AdminTableFrame label={label}>
      <table className={`w-full text-left text-sm ${widthClassName}`}>
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={classesOf(column, column.headerClassName)}>
                {column.srOnlyHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column, index) => (
                <td key={index} className={classesOf(column, column.cellClassName)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
