import type { AriaAttributes, ReactNode } from 'react';

/** A column heading: its text, or a node with a key (a sort button) and its `aria-sort`. */
export type DataColumn = string | { key: string; label: ReactNode; sort?: AriaAttributes['aria-sort'] };

type DataTableProps = {
  /** For screen readers: what the rows are and in which order. */
  caption: string;
  columns: readonly DataColumn[];
  /** While the next page or filter loads, the current rows stay, marked busy. */
  busy?: boolean;
  /** Classes of the table itself, e.g. a minimum width for wide rows. */
  className?: string;
  /** Explicit table roles (table, rowgroup, row, columnheader), where the spec asks for them. */
  roles?: boolean;
  /** The body's rows. */
  children: ReactNode;
};

/** The staff area's list table: scrolls sideways on a narrow screen, headings on a grey band. */
export function DataTable({ caption, columns, busy, className = '', roles = false, children }: DataTableProps) {
  const role = (name: string) => (roles ? name : undefined);
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white" aria-busy={busy}>
      <table role={role('table')} className={['w-full', className, 'text-left text-sm'].filter(Boolean).join(' ')}>
        <caption className="sr-only">{caption}</caption>
        <thead role={role('rowgroup')} className="bg-stone-100 text-stone-800">
          <tr role={role('row')}>
            {columns.map((column) => {
              const { key, label, sort } = typeof column === 'string' ? { key: column, label: column } : column;
              return (
                <th key={key} role={role('columnheader')} scope="col" aria-sort={sort} className="px-4 py-3">
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
