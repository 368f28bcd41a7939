import type { ReactNode } from 'react';

type InfoTableProps = {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
};

/**
 * A small data table that becomes stacked cards on narrow screens: each cell then shows its
 * column name from `data-label` (see .prose-page in styles.css). The layout's ARIA table roles
 * keep it a table for screen readers in either form.
 */
export function InfoTable({ caption, columns, rows }: InfoTableProps) {
  return (
    <table className="info-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, rowIndex) => (
          <tr key={rowIndex}>
            {cells.map((cell, cellIndex) => (
              <td key={columns[cellIndex]} data-label={columns[cellIndex]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
