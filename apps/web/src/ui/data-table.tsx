import type { AriaAttributes, ReactNode } from 'react';

/**
 * A column heading: its text, or a node with a key (a sort button), its `aria-sort`, and whether
 * it is `minor`: shown only where the table has room for every column (see `MINOR_CELL`).
 */
export type DataColumn =
  string | { key: string; label: ReactNode; sort?: AriaAttributes['aria-sort']; minor?: boolean };

/*
 * A table fits the width it is given (decision 074). Where its box is narrower than 56rem (a
 * 1024 px screen beside the dashboard menu), a minor column's heading and cells are hidden, and
 * its value shows inside a cell that matters through `<InRow>`; one copy is displayed at any
 * width, so a screen reader hears it once. The box is a container, so this follows the room the
 * table has, not the screen's width.
 */
/** Classes of a minor column's cells (its heading gets them from the column). */
export const MINOR_CELL = 'hidden @4xl:table-cell';

/**
 * A minor column's value inside another cell, shown only while that column is hidden; named by
 * its column unless it speaks for itself (stars).
 */
export function InRow({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <span className="my-1 block text-xs font-normal text-stone-700 @4xl:hidden">
      {label && `${label}: `}
      {children}
    </span>
  );
}

type DataTableProps = {
  /** For screen readers: what the rows are and in which order. */
  caption: string;
  columns: readonly DataColumn[];
  /** While the next page or filter loads, the current rows stay, marked busy. */
  busy?: boolean;
  /** Explicit table roles (table, rowgroup, row, columnheader), where the spec asks for them. */
  roles?: boolean;
  /** The body's rows. */
  children: ReactNode;
};

/**
 * The staff area's list table, headings on a grey band. It fits its box: minor columns fold into
 * the row when it is narrow, and text wraps; it scrolls sideways only on a phone.
 */
export function DataTable({ caption, columns, busy, roles = false, children }: DataTableProps) {
  const role = (name: string) => (roles ? name : undefined);
  return (
    <div className="@container overflow-x-auto rounded-xl border border-stone-200 bg-white" aria-busy={busy}>
      <table role={role('table')} className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead role={role('rowgroup')} className="bg-stone-100 text-stone-800">
          <tr role={role('row')}>
            {columns.map((column) => {
              const { key, label, sort, minor } =
                typeof column === 'string' ? { key: column, label: column, sort: undefined, minor: false } : column;
              return (
                <th
                  key={key}
                  role={role('columnheader')}
                  scope="col"
                  aria-sort={sort}
                  className={minor ? `px-4 py-3 ${MINOR_CELL}` : 'px-4 py-3'}
                >
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role={role('rowgroup')} className="divide-y divide-stone-200">
          {children}
        </tbody>
      </table>
    </div>
  );
}
