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
  stackOnPhone = false,
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
  /**
   * On a phone, a card per row (each column's heading beside its value) instead of a table that
   * scrolls sideways: for tables whose every column matters there (an order's status, total and
   * downloads).
   */
  stackOnPhone?: boolean;
}) {
  const cell = cellAlign === 'top' ? 'px-3 py-3 align-top' : 'px-3 py-3 align-middle';
  const classesOf = (column: AdminColumn<T>, part: string | undefined) =>
    joined(cell, column.align === 'right' && 'text-right', column.className, part);
  const table = (
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
  if (!stackOnPhone) return table;
  return (
    <>
      <div className="hidden sm:block">{table}</div>
      <StackedRows label={label} columns={columns} rows={rows} rowKey={rowKey} />
    </>
  );
}

/** A phone's form of a table: a list of cards, each a row's headings and values. */
function StackedRows<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900 sm:hidden"
    >
      {rows.map((row) => (
        <li key={rowKey(row)} className="p-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {columns.map((column, index) => (
              <div key={index} className="contents">
                <dt
                  className={joined(
                    'text-xs tracking-wide text-zinc-400 uppercase',
                    column.srOnlyHeader && 'sr-only',
                  )}
                >
                  {column.header}
                </dt>
                <dd className={joined('min-w-0 break-words', column.cellClassName)}>
                  {column.cell(row)}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
