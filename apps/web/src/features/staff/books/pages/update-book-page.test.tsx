import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import {
  StockMessages,
  StockMovementPageSchema,
  StockMovementSchema,
  StockReasonNames,
  type StockMovement,
} from '@bookshop/contracts/stock';
import { answerApi, ok, problem } from '../../../../test/network.ts';
import { makeViewer } from '../../testing/render-dashboard.tsx';
import { FakeXhr, makeStaffBook, renderAdminPage } from '../testing/render-admin-page.tsx';
import { UpdateBookPage } from './update-book-page.tsx';

/** The update page's stock: the ledger, 'Receive copies' with its confirmation, and a stale stock on save. */

let nextId = 100;
const movement = (overrides: Partial<StockMovement>): StockMovement =>
  StockMovementSchema.parse({
    id: nextId++,
    bookId: 7,
    delta: 20,
    reason: 'initial',
    reasonName: StockReasonNames[overrides.reason ?? 'initial'],
    stockAfter: 20,
    orderId: null,
    returnId: null,
    staffId: null,
    staffUserName: null,
    note: null,
    createdAt: '2026-11-20T08:30:00.000Z',
    ...overrides,
  });
const page = (data: StockMovement[], noOfRecords = data.length) =>
  StockMovementPageSchema.parse({
    data,
    paginationDetails: { currentPage: 1, totalPages: Math.ceil(noOfRecords / 10), noOfRecords, pageSize: 10 },
  });

function setUp(options: {
  ledger: () => unknown;
  receive?: (body: unknown) => ReturnType<typeof ok>;
  stock?: () => number;
}) {
  const api = answerApi(({ method, path, body }) => {
    if (path === '/api/v1/authors') return ok([{ id: 1, name: 'Ann Author' }]);
    if (path === '/api/v1/genres') return ok([{ id: 1, name: 'Fiction' }]);
    if (path === '/api/v1/books/book-for-update/7')
      return ok(makeStaffBook(7, { title: 'Twenty Copies', stockQuantity: options.stock?.() ?? 20 }));
    if (method === 'GET' && path === '/api/v1/books/7/stock-movements') return ok(options.ledger());
    if (method === 'POST' && path === '/api/v1/books/7/stock-movements') return options.receive?.(body);
    return undefined;
  });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const view = renderAdminPage(
    makeViewer(RoleName.Supervisor),
    Routes.adminUpdateBook,
    <UpdateBookPage />,
    '/admin/dashboard/update-book/7',
  );
  return { ...view, api };
}

describe('the update-book page’s stock', () => {
  it('shows the ledger newest first, with the order and the note', async () => {
    setUp({
      ledger: () =>
        page([
          movement({
            reason: 'received',
            delta: 5,
            stockAfter: 24,
            staffId: 3,
            staffUserName: 'sara.store',
            note: 'Box from Kitab',
          }),
          movement({ reason: 'sale', delta: -1, stockAfter: 19, orderId: 42 }),
          movement({}),
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Stock movements of Twenty Copies, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Received',
      'Sale',
      'Initial stock',
    ]);
    expect(rows[0]).toHaveTextContent('+5');
    expect(rows[0]).toHaveTextContent('Box from Kitab');
    expect(rows[0]).toHaveTextContent('by sara.store');
    expect(within(rows[1]!).getAllByRole('link', { name: 'BK-000042' })[0]).toHaveAttribute(
      'href',
      '/admin/dashboard/orders/42',
    );
    expect(screen.getByText(/Copies for sale now:/)).toHaveTextContent('Copies for sale now: 24');
  });

  it('Receive copies asks first; Go back sends nothing, confirming records them and refreshes the ledger', async () => {
    const user = userEvent.setup();
    let received = false;
    const { api } = setUp({
      ledger: () =>
        page(received ? [movement({ reason: 'received', delta: 12, stockAfter: 32 }), movement({})] : [movement({})]),
      receive: (body) => {
        received = true;
        return ok(movement({ ...(body as object), reasonName: 'Received', stockAfter: 32 }), 201);
      },
    });
    const form = await screen.findByRole('form', { name: 'Receive copies' });
    await screen.findByText(/Copies for sale now:/);
    await user.type(within(form).getByLabelText('Copies received'), '12');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Invoice 881');
    await user.click(within(form).getByRole('button', { name: 'Receive copies' }));

    const dialog = await screen.findByRole('dialog', { name: 'Receive copies?' });
    expect(dialog).toHaveTextContent('Add 12 copies of "Twenty Copies": its stock goes from 20 to 32.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(api.to('POST /api/v1/books/7/stock-movements')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Receive copies' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Receive 12 copies' }));
    await waitFor(() => expect(api.to('POST /api/v1/books/7/stock-movements')).toHaveLength(1));
    expect(api.to('POST /api/v1/books/7/stock-movements')[0]!.body).toEqual({
      delta: 12,
      reason: 'received',
      note: 'Invoice 881',
    });
    expect(await screen.findByText(/Copies for sale now:/)).toHaveTextContent('Copies for sale now: 32');
    await waitFor(() => expect(within(form).getByLabelText('Copies received')).toHaveValue(''));
    // The book form's untouched stock field follows, so saving it later moves nothing back.
    expect(screen.getByLabelText('Stock Quantity')).toHaveValue('32');
    await user.click(screen.getByRole('button', { name: 'Save Book' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.body!.get('stockQuantity')).toBe('32');
    expect(FakeXhr.sent[0]!.body!.get('originalStockQuantity')).toBe('32');
  });

  it('a stock field staff already changed keeps their figure when copies are received', async () => {
    const user = userEvent.setup();
    setUp({
      ledger: () => page([movement({})]),
      receive: (body) => ok(movement({ ...(body as object), reasonName: 'Received', stockAfter: 23 }), 201),
    });
    const field = await screen.findByLabelText('Stock Quantity');
    await user.clear(field);
    await user.type(field, '18');
    const form = screen.getByRole('form', { name: 'Receive copies' });
    await user.type(within(form).getByLabelText('Copies received'), '3');
    await user.click(within(form).getByRole('button', { name: 'Receive copies' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Receive 3 copies' }));
    await waitFor(() => expect(within(form).getByLabelText('Copies received')).toHaveValue(''));
    expect(screen.getByLabelText('Stock Quantity')).toHaveValue('18');
    await user.click(screen.getByRole('button', { name: 'Save Book' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.body!.get('originalStockQuantity')).toBe('20');
  });

  it('checks the number before asking, and shows a refusal from the server', async () => {
    const user = userEvent.setup();
    setUp({
      ledger: () => page([movement({})]),
      receive: () => problem(409, 'Conflict', { detail: StockMessages.tooMuch }),
    });
    const form = await screen.findByRole('form', { name: 'Receive copies' });
    await user.type(within(form).getByLabelText('Copies received'), '0');
    await user.click(within(form).getByRole('button', { name: 'Receive copies' }));
    expect(await within(form).findByText(StockMessages.deltaInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Copies received'));
    await user.type(within(form).getByLabelText('Copies received'), '3');
    await user.click(within(form).getByRole('button', { name: 'Receive copies' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Receive 3 copies' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(StockMessages.tooMuch);
  });

  it('saving sends the stock the form was opened with; a 409 for a stock that moved offers to reload the book', async () => {
    const user = userEvent.setup();
    let stock = 20;
    setUp({ ledger: () => page([movement({ stockAfter: stock })]), stock: () => stock });
    const field = await screen.findByLabelText('Stock Quantity');
    expect(field).toHaveValue('20');
    await user.clear(field);
    await user.type(field, '25');
    stock = 19; // a customer bought a copy meanwhile
    await user.click(screen.getByRole('button', { name: 'Save Book' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const sent = FakeXhr.sent[0]!.body!;
    expect(sent.get('stockQuantity')).toBe('25');
    expect(sent.get('originalStockQuantity')).toBe('20');
    const message = StockMessages.stockChanged(20, 19);
    act(() =>
      FakeXhr.sent[0]!.respond(409, {
        title: 'Conflict',
        status: 409,
        detail: message,
        errors: { stockQuantity: [message] },
      }),
    );
    const alert = await screen.findByText(/The stock of this book changed while you had it open/);
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);

    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload the book' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Stock Quantity')).toHaveValue('19'));
    expect(screen.queryByText(/The stock of this book changed while you had it open/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Book' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.body!.get('originalStockQuantity')).toBe('19');
  });
});
