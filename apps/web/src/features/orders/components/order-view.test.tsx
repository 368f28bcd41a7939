import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import { makeOrder } from '../../../test/order-fixtures.ts';
import { OrderView } from './order-view.tsx';

function renderView(ui: React.ReactElement) {
  render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe('OrderView (the customer and staff order pages)', () => {
  it('shows the number, status, dates, lines with totals, delivery address and history', () => {
    renderView(<OrderView order={makeOrder({ id: 7 })} area="storefront" back={<a href="/account">Back</a>} />);

    const title = screen.getByRole('heading', { level: 1, name: /Order BK-000007/ });
    expect(title).toHaveTextContent('Completed');
    expect(screen.getByText('Placed', { exact: false })).toHaveTextContent(/Placed .* · Paid /);
    const lines = screen.getByRole('list', { name: 'Books in this order' });
    expect(within(lines).getByRole('listitem', { name: 'Emma' })).toHaveTextContent('Dhs 80.00');
    expect(within(lines).getByRole('listitem', { name: 'Persuasion' })).toHaveTextContent('Dhs 35.00');
    const books = screen.getByRole('region', { name: 'Books' });
    expect(within(books).getByText('Items total').nextSibling).toHaveTextContent('Dhs 135.00');
    expect(within(books).getByText('Discount').nextSibling).toHaveTextContent('− Dhs 20.00');
    expect(within(books).getByText('Delivery (Standard Delivery)').nextSibling).toHaveTextContent('Dhs 15.00');
    expect(within(books).getByText('Total').nextSibling).toHaveTextContent('Dhs 130.00');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('12 Palm Street');
    expect(delivery).toHaveTextContent('Dubai');
    expect(delivery).toHaveTextContent('United Arab Emirates');
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Pending', 'Completed']);
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
  });

  it('says nothing about payment for an unpaid order', () => {
    renderView(<OrderView order={makeOrder({ status: OrderStatus.Pending })} area="storefront" back={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pending');
    expect(screen.queryByText(/Paid/)).not.toBeInTheDocument();
  });

  it('puts what one page adds beside the title, above the books and above the delivery', () => {
    renderView(
      <OrderView
        order={makeOrder()}
        area="admin"
        back={null}
        actions={<button type="button">Cancel order</button>}
        notice={<p>Cancelled by staff</p>}
        aside={
          <section aria-label="Customer">
            <p>reader</p>
          </section>
        }
      />,
    );
    const title = screen.getByRole('heading', { level: 1 });
    const action = screen.getByRole('button', { name: 'Cancel order' });
    const notice = screen.getByText('Cancelled by staff');
    const books = screen.getByRole('region', { name: 'Books' });
    const customer = screen.getByRole('region', { name: 'Customer' });
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(title, action)).toBe(true);
    expect(follows(action, notice)).toBe(true);
    expect(follows(notice, books)).toBe(true);
    expect(follows(customer, delivery)).toBe(true);
  });
});
