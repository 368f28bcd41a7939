import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, InRow, MINOR_CELL } from './data-table.tsx';

describe('DataTable', () => {
  it("hides a minor column where its box is narrow and shows its value in the row's main cell instead", () => {
    render(
      <DataTable caption="Orders" columns={['Order', { key: 'Placed', label: 'Placed', minor: true }, 'Total']}>
        <tr>
          <td>
            BK-000001
            <InRow label="Placed">23/11/2026, 3:05 PM</InRow>
          </td>
          <td className={MINOR_CELL}>23/11/2026, 3:05 PM</td>
          <td>Dhs 12.50</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    // The box is a size container: the minor column follows its width, not the screen's.
    expect(table.parentElement).toHaveClass('@container');
    const [order, placed, total] = within(table).getAllByRole('columnheader');
    expect(placed).toHaveClass('hidden', '@4xl:table-cell');
    expect(order).not.toHaveClass('hidden');
    expect(total).not.toHaveClass('hidden');
    // Inside the row, the copy is shown only while the column is hidden, named by its column.
    const copy = within(table).getByText('Placed: 23/11/2026, 3:05 PM');
    expect(copy).toHaveClass('@4xl:hidden');
  });
});
