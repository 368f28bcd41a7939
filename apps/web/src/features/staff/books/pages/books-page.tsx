import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  LOW_STOCK_THRESHOLD,
  STAFF_BOOK_SORTS,
  StaffBookQuerySchema,
  type StaffBookSort,
} from '@bookshop/contracts/book-admin';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { formatPrice } from '../../../../lib/format.ts';
import { useUrlState } from '../../../../lib/use-url-state.ts';
import { buttonClasses } from '../../../../ui/button.tsx';
import { DataTable, InRow, MINOR_CELL } from '../../../../ui/data-table.tsx';
import { EmptyLine, ErrorLine, QueryState } from '../../../../ui/query-state.tsx';
import { useDocumentTitle } from '../../../../ui/use-document-title.ts';
import { useGenres } from '../../../../lib/api/get-genres.ts';
import { PageSizeSelect, Pagination } from '../../../../ui/pagination.tsx';
import { useDashboardViewer } from '../../components/dashboard-layout.tsx';
import { useStaffBooks } from '../api/staff-books.ts';

const SEARCH_DELAY_MS = 300;

// Narrow, the ISBN and whether the book is shown sit under its title.
const COLUMNS: { label: string; field?: 'title' | 'price' | 'stockQuantity'; minor?: boolean }[] = [
  { label: 'Title', field: 'title' },
  { label: 'Authors' },
  { label: 'ISBN', minor: true },
  { label: 'Price', field: 'price' },
  { label: 'Stock', field: 'stockQuantity' },
  { label: 'Shown', minor: true },
];

const SORT_LABELS: Record<StaffBookSort, string> = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  title: 'Title A–Z',
  '-title': 'Title Z–A',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
  stockQuantity: 'Stock, low to high',
  '-stockQuantity': 'Stock, high to low',
};

const selectClasses = 'min-h-11 rounded-md border border-stone-300 bg-white px-2 text-sm';

/** /admin/dashboard/books (books:view): every book, hidden ones included. */
export function BooksPage() {
  useDocumentTitle('Books');
  const viewer = useDashboardViewer();
  const canManage = viewer.permissions.includes(Permission.ManageBooks);
  // Every part of the table's state lives in the URL.
  const [query, setQuery] = useUrlState(StaffBookQuerySchema);
  const books = useStaffBooks(query);
  const genres = useGenres();
  const ids = useId();

  // The search box follows the URL, and writes to it once typing pauses.
  const [searchText, setSearchText] = useState(query.search ?? '');
  useEffect(() => {
    if (searchText.trim() === (query.search ?? '')) return;
    const timer = setTimeout(() => setQuery({ search: searchText.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  if (!viewer.permissions.includes(Permission.ViewBooks)) {
    return (
      <section className="grid gap-4">
        <h1 className="text-3xl font-bold text-stone-900">Books</h1>
        <p role="alert">Your role does not allow you to see the books.</p>
      </section>
    );
  }

  const details = books.data?.paginationDetails;
  const sortOf = (field: string) =>
    query.sort === field
      ? ('ascending' as const)
      : query.sort === `-${field}`
        ? ('descending' as const)
        : ('none' as const);
  const yesNo = (key: 'inStock' | 'hasDiscount' | 'isActive', value: boolean | undefined) =>
    value === undefined ? '' : String(value);

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 id={`${ids}-title`} className="text-3xl font-bold text-stone-900">
          Books
        </h1>
        {canManage && (
          <Link to={Routes.adminAddBook} className={buttonClasses({})}>
            Add Book
          </Link>
        )}
      </header>

      <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1 sm:col-span-2">
          <label htmlFor={`${ids}-search`} className="text-sm font-semibold text-stone-800">
            Search by title, author or ISBN
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="min-h-11 rounded-md border border-stone-300 bg-white px-3"
          />
        </div>
        <Filter label="Genre" id={`${ids}-genre`} value={query.genre ?? ''} onChange={(genre) => setQuery({ genre })}>
          <option value="">All genres</option>
          {genres.data?.map((genre) => (
            <option key={genre.id} value={genre.name}>
              {genre.name}
            </option>
          ))}
        </Filter>
        <Filter label="Sort" id={`${ids}-sort`} value={query.sort} onChange={(sort) => setQuery({ sort })}>
          {STAFF_BOOK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </Filter>
        <Filter
          label="Stock"
          id={`${ids}-stock`}
          value={yesNo('inStock', query.inStock)}
          onChange={(inStock) => setQuery({ inStock })}
        >
          <option value="">Any stock</option>
          <option value="true">In stock</option>
          <option value="false">Out of stock</option>
        </Filter>
        <Filter
          label="Discount"
          id={`${ids}-discount`}
          value={yesNo('hasDiscount', query.hasDiscount)}
          onChange={(hasDiscount) => setQuery({ hasDiscount })}
        >
          <option value="">Any price</option>
          <option value="true">Discounted</option>
          <option value="false">Not discounted</option>
        </Filter>
        <Filter
          label="Visibility"
          id={`${ids}-active`}
          value={yesNo('isActive', query.isActive)}
          onChange={(isActive) => setQuery({ isActive })}
        >
          <option value="">Shown and hidden</option>
          <option value="true">Shown</option>
          <option value="false">Hidden</option>
        </Filter>
        <label className="flex min-h-11 items-center gap-2 self-end text-sm font-semibold text-stone-800">
          <input
            type="checkbox"
            className="size-5 accent-brand"
            checked={query.lowStock === true}
            onChange={(event) => setQuery({ lowStock: event.target.checked ? 'true' : undefined })}
          />
          Low stock ({LOW_STOCK_THRESHOLD} or fewer)
        </label>
      </div>

      <QueryState
        query={books}
        loadingLabel="Loading books"
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyLine>No books match these filters.</EmptyLine>}
        error={<ErrorLine />}
      >
        {(page) => (
          <DataTable
            caption="Books; select a column heading to sort by it."
            busy={books.isFetching}
            roles
            columns={[
              ...COLUMNS.map((column) => ({
                key: column.label,
                minor: column.minor,
                sort: column.field ? sortOf(column.field) : undefined,
                label: column.field ? (
                  <button
                    type="button"
                    className="inline-flex min-h-10 items-center gap-1 font-semibold"
                    onClick={() => {
                      const field = column.field!;
                      setQuery({ sort: query.sort === field ? `-${field}` : field });
                    }}
                  >
                    {column.label}
                    <span aria-hidden="true">
                      {sortOf(column.field) === 'ascending' ? '▲' : sortOf(column.field) === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                ) : (
                  column.label
                ),
              })),
              ...(canManage ? [{ key: 'actions', label: <span className="sr-only">Actions</span> }] : []),
            ]}
          >
            {page.data.map((book) => (
              <tr role="row" key={book.id}>
                <td role="cell" className="px-4 py-3 break-words">
                  <span className="font-semibold text-stone-900">{book.title}</span>
                  <InRow label="ISBN">{book.isbn}</InRow>
                  {!book.isActive && <InRow>Hidden</InRow>}
                </td>
                <td role="cell" className="px-4 py-3">
                  {book.authors.map((a) => a.name).join(', ')}
                </td>
                <td role="cell" className={`px-4 py-3 whitespace-nowrap ${MINOR_CELL}`}>
                  {book.isbn}
                </td>
                <td role="cell" className="px-4 py-3 whitespace-nowrap">
                  {formatPrice(book.discountedPrice)}
                  {book.discountPercentage > 0 && (
                    <span className="block text-xs text-stone-600">
                      {formatPrice(book.price)} − {book.discountPercentage}%
                    </span>
                  )}
                </td>
                <td
                  role="cell"
                  className={`px-4 py-3 ${book.stockQuantity <= LOW_STOCK_THRESHOLD ? 'font-semibold text-red-700' : ''}`}
                >
                  {book.stockQuantity}
                </td>
                <td role="cell" className={`px-4 py-3 ${MINOR_CELL}`}>
                  {book.isActive ? 'Shown' : 'Hidden'}
                </td>
                {canManage && (
                  <td role="cell" className="px-4 py-3">
                    <Link
                      to={Routes.adminUpdateBook.replace(':id', String(book.id))}
                      aria-label={`Edit ${book.title}`}
                      className="font-semibold text-brand underline"
                    >
                      Edit
                    </Link>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>

      {details && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PageSizeSelect pageSize={query.pageSize} onChange={(pageSize) => setQuery({ pageSize })} />
          <Pagination
            currentPage={query.pageNo}
            totalPages={details.totalPages}
            onPageChange={(pageNo) => setQuery({ pageNo })}
          />
        </div>
      )}
    </section>
  );
}

function Filter({
  label,
  id,
  value,
  onChange,
  children,
}: {
  label: string;
  id: string;
  value: string;
  onChange: (value: string | undefined) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={selectClasses}
      >
        {children}
      </select>
    </div>
  );
}
