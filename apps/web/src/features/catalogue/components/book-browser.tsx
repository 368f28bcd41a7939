import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button.tsx';
import { FilterIcon } from '../../../ui/icons.tsx';
import { useBooks } from '../api/get-books.ts';
import { useBookListState } from '../hooks/use-book-list-state.ts';
import { BookGrid } from './book-grid.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { PageSizeSelect, Pagination } from '../../../ui/pagination.tsx';
import { shownRange } from '../../../ui/page-window.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';

const loadFilterSheet = () => import('./filter-sheet.tsx');
const FilterSheet = lazy(loadFilterSheet);

type BookBrowserProps = {
  /** Set on /genres/{genreName}: the list is always of that genre. */
  genre?: string;
  /** Set on /authors/{authorName}: the list is always of that author. */
  author?: string;
  /** The visible heading above the grid. */
  title?: string;
  /** The home page's search box: on a phone it shares one line with the Filters button. */
  search?: ReactNode;
};

/**
 * Filter panel, book grid and paging, with their state in the URL. From 1024 px the filters stand
 * beside the grid; below, a Filters button beside the search opens them in a sheet, so a phone's
 * first screen shows books (decision 073).
 */
export function BookBrowser({ genre, author, title, search }: BookBrowserProps) {
  const t = useT();
  const { state, query, activeFilters, setFilters, resetFilters, setPage, setPageSize, pageSearch } = useBookListState({
    genre,
    author,
  });
  const [sheetOpen, setSheetOpen] = useState(false);
  const books = useBooks(query);
  const resultsRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const details = books.data?.paginationDetails;
  // A shared or hand-edited link past the last page: say so and point to the last one.
  const pastTheEnd = details !== undefined && details.noOfRecords > 0 && state.pageNo > details.totalPages;

  const goToPage = (pageNo: number) => {
    setPage(pageNo);
    // The controls sit below the grid; bring the new page's first books into view.
    resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const filterPanel = (inSheet: boolean) => (
    <FilterPanel
      values={state}
      onChange={setFilters}
      onReset={resetFilters}
      showGenre={genre === undefined}
      showAuthor={author === undefined}
      inSheet={inSheet}
    />
  );

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <div className={`flex items-start gap-2 ${search ? '' : 'lg:hidden'}`}>
        {search && <div className="min-w-0 flex-1">{search}</div>}
        <button
          type="button"
          aria-haspopup="dialog"
          // The sheet's code is fetched as the pointer or focus arrives, so it is there by the press.
          onPointerEnter={loadFilterSheet}
          onFocus={loadFilterSheet}
          onClick={() => setSheetOpen(true)}
          className={buttonClasses({
            variant: 'secondary',
            size: search ? 'sm' : 'md',
            className: `shrink-0 lg:hidden ${search ? 'h-11 sm:h-12' : 'w-full'}`,
          })}
        >
          <FilterIcon className="size-4" />
          {activeFilters > 0 ? t('browser.filtersActive', { count: activeFilters }) : t('browser.filters')}
        </button>
      </div>
      {sheetOpen && (
        <Suspense fallback={null}>
          <FilterSheet count={details?.noOfRecords} onReset={resetFilters} onClose={() => setSheetOpen(false)}>
            {filterPanel(true)}
          </FilterSheet>
        </Suspense>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="hidden lg:sticky lg:top-24 lg:block">{filterPanel(false)}</aside>
        <section ref={resultsRef} aria-labelledby={headingId} className="flex scroll-mt-24 flex-col gap-4">
          <div className="flex flex-col gap-0.5">
            {/* The count goes under the row, so on a phone the heading and the page size share one line. */}
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <h2 id={headingId} className="text-xl font-semibold text-stone-900">
                {title ?? t('browser.books')}
              </h2>
              <PageSizeSelect pageSize={state.pageSize} onChange={setPageSize} />
            </div>
            <p role="status" className="min-h-5 text-sm text-stone-600">
              {details && details.noOfRecords > 0 && !pastTheEnd && t('browser.summary', shownRange(details))}
            </p>
          </div>
          {pastTheEnd ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-stone-200 bg-white px-4 py-12 text-center">
              <p role="status" className="text-lg font-medium text-stone-800">
                {t('browser.pastTheEnd', {
                  page: state.pageNo,
                  count: details.noOfRecords,
                  last: details.totalPages,
                })}
              </p>
              <Link to={{ search: pageSearch(details.totalPages) }} className={buttonClasses({ variant: 'secondary' })}>
                {t('browser.lastPage', { last: details.totalPages })}
              </Link>
            </div>
          ) : (
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
          )}
          {details && !pastTheEnd && (
            <Pagination currentPage={state.pageNo} totalPages={details.totalPages} onPageChange={goToPage} />
          )}
        </section>
      </div>
    </div>
  );
}
