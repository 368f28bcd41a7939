import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { answerApi } from '../../../../test/network.ts';
import { makeViewer } from '../../testing/render-dashboard.tsx';
import { makeStaffBook, renderAdminPage } from '../testing/render-admin-page.tsx';
import { BooksPage } from './books-page.tsx';
import { UpdateBookPage } from './update-book-page.tsx';

function setUp(
  role: RoleName,
  at: string = Routes.adminBooks,
  books = [makeStaffBook(1), makeStaffBook(2, { isActive: false })],
) {
  const api = answerApi(({ path }) => {
    if (path === '/api/v1/staff/books')
      return {
        body: { data: books, paginationDetails: { currentPage: 1, totalPages: 3, noOfRecords: 25, pageSize: 10 } },
      };
    if (path === '/api/v1/genres') return { body: [{ id: 3, name: 'Fiction' }] };
    if (path.startsWith('/api/v1/books/book-for-update/'))
      return { status: 404, body: { title: 'Not Found', status: 404 } };
    return undefined;
  });
  return { api, ...renderAdminPage(makeViewer(role), Routes.adminBooks, <BooksPage />, at) };
}

const lastSearch = (api: ReturnType<typeof answerApi>) =>
  new URLSearchParams(api.sent('GET', '/api/v1/staff/books').at(-1)!.search);

describe('the staff book table', () => {
  it('shows a Supervisor the books with ARIA table roles, Add Book and an Edit link per row', async () => {
    setUp(RoleName.Supervisor);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')[0]).toHaveAttribute('scope', 'col');
    expect(within(table).getAllByRole('rowgroup')).toHaveLength(2);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Hidden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Book' })).toHaveAttribute('href', Routes.adminAddBook);
    expect(screen.getByRole('link', { name: 'Edit Book 1' })).toHaveAttribute('href', '/admin/dashboard/update-book/1');
  });

  it('shows a User a read-only table: no Add Book, no Edit', async () => {
    setUp(RoleName.User);
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Add Book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('sorts by a clicked column heading, with aria-sort, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { api, router } = setUp(RoleName.Admin);
    await screen.findByRole('table');
    const price = () => screen.getByRole('columnheader', { name: /Price/ });
    expect(price()).toHaveAttribute('aria-sort', 'none');
    await user.click(within(price()).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=price');
    await waitFor(() => expect(lastSearch(api).get('sort')).toBe('price'));
    expect(price()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(price()).getByRole('button'));
    expect(price()).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(lastSearch(api).get('sort')).toBe('-price'));
  });

  it('filters and searches (debounced) through the URL, back to page 1', async () => {
    const user = userEvent.setup();
    const { api, router } = setUp(RoleName.Admin, `${Routes.adminBooks}?pageNo=2&pageSize=5`);
    await screen.findByRole('table');
    expect(lastSearch(api).get('pageNo')).toBe('2');
    expect(screen.getByLabelText('Books per page')).toHaveValue('5');
    await screen.findByRole('option', { name: 'Fiction' });
    await user.selectOptions(screen.getByLabelText('Genre'), 'Fiction');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Hidden');
    await user.click(screen.getByRole('checkbox', { name: /Low stock/ }));
    await user.type(screen.getByLabelText('Search by title, author or ISBN'), 'emma');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('emma'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      pageSize: '5',
      genre: 'Fiction',
      isActive: 'false',
      lowStock: 'true',
      search: 'emma',
    });
    await waitFor(() => expect(lastSearch(api).get('search')).toBe('emma'));
    expect(lastSearch(api).get('genre')).toBe('Fiction');
    // One request for the finished word, not one per letter.
    expect(api.sent('GET', '/api/v1/staff/books').filter((r) => r.search.includes('search=')).length).toBe(1);
  });

  it('says so when nothing matches', async () => {
    setUp(RoleName.Admin, Routes.adminBooks, []);
    expect(await screen.findByText('No books match these filters.')).toBeInTheDocument();
  });
});

describe('the update-book page', () => {
  it('shows a not-found state for an unknown id', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/books/book-for-update/999'
        ? { status: 404, body: { title: 'Not Found', status: 404 } }
        : { body: [] },
    );
    renderAdminPage(
      makeViewer(RoleName.Admin),
      Routes.adminUpdateBook,
      <UpdateBookPage />,
      '/admin/dashboard/update-book/999',
    );
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeInTheDocument();
  });
});
