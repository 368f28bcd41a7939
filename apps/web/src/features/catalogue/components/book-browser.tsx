import { useId, useRef, useState } from 'react';
import { buttonClasses } from '../../../ui/button.tsx';
import { useBooks } from '../api/get-books.ts';
import { useBookListState } from '../hooks/use-book-list-state.ts';
import { BookGrid } from './book-grid.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { PageSizeSelect, Pagination } from '../../../ui/pagination.tsx';

type BookBrowserProps = {
  /** Set on /genres/{genreName}: the list is always of that genre. */
  genre?: string;
  /** Set on /authors/{authorName}: the list is always of that author. */
  author?: string;
  /** The visible heading above the grid. */
  title?: string;
};

/** Filter panel, book grid and paging, with their state in the URL. */
export function BookBrowser({ genre, author, title = 'Books' }: BookBrowserProps) {
  const { state, query, activeFilters, setFilters, resetFilters, setPage, setPageSize } = useBookListState({
    genre,
    author,
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const books = useBooks(query);
  const resultsRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const details = books.data?.paginationDetails;

  const goToPage = (pageNo: number) => {
    setPage(pageNo);
    // The controls sit below the grid; bring the new page's first books into view.
    resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="lg:sticky lg:top-24">
        {/* On narrow screens the panel folds away so the books come first. */}
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
          className={buttonClasses({ variant: 'secondary', className: 'w-full lg:hidden' })}
        >
          {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
        </button>
        <div id={filtersId} className={filtersOpen ? 'mt-3 lg:mt-0' : 'hidden lg:block'}>
          <FilterPanel
            values={state}
            onChange={setFilters}
            onReset={resetFilters}
            showGenre={genre === undefined}
            showAuthor={author === undefined}
          />
        </div>
      </aside>
      <section ref={resultsRef} aria-labelledby={headingId} className="flex scroll-mt-24 flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-xl font-semibold text-stone-900">
              {title}
            </h2>
            <p role="status" className="min-h-5 text-sm text-stone-600">
              {details && details.noOfRecords > 0 && summary(details)}
            </p>
          </div>
          <PageSizeSelect pageSize={state.pageSize} onChange={setPageSize} />
        </div>
        <div
          aria-busy={books.isFetching}
          className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          <BookGrid
            books={books.data?.data}
            isPending={books.isPending}
            isError={books.isError}
            onRetry={() => void books.refetch()}
            pageSize={state.pageSize}
          />
        </div>
        {details && <Pagination currentPage={state.pageNo} totalPages={details.totalPages} onPageChange={goToPage} />}
      </section>
    </div>
  );
}

function summary({
  currentPage,
  pageSize,
  noOfRecords,
}: {
  currentPage: number;
  pageSize: number;
  noOfRecords: number;
}) {
  const first = (currentPage - 1) * pageSize + 1;
  const last = Math.min(currentPage * pageSize, noOfRecords);
  if (first > noOfRecords) return `${noOfRecords} ${noOfRecords === 1 ? 'book' : 'books'}`;
  return `Showing ${first}–${last} of ${noOfRecords} ${noOfRecords === 1 ? 'book' : 'books'}`;
}
