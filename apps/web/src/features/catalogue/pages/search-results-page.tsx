import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { searchPath } from '@bookshop/contracts/routes';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { searchPageMeta } from '../../../lib/seo/listing-page-meta.ts';
import { buttonClasses } from '../../../ui/button.tsx';
import { PageSizeSelect, Pagination } from '../../../ui/pagination.tsx';
import { firstCoverPreload } from '../api/get-books.ts';
import { useSearchBookPage } from '../api/search-book-page.ts';
import { BookGrid } from '../components/book-grid.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { useSearchPageState } from '../hooks/use-search-page-state.ts';
import { shownRange } from '../../../ui/page-window.ts';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';

/**
 * `/search?keyword=…` (decision 088): every book the keyword finds, in the dropdown's order,
 * paged and shown with the book list's cards and pager. Rendered on the server; never indexed.
 */
export function SearchResultsPage() {
  const t = useT();
  const locale = useLocale();
  const { state, setPage, setPageSize } = useSearchPageState();
  const { keyword, pageNo, pageSize } = state;
  const books = useSearchBookPage(state);
  const resultsRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const details = books.data?.paginationDetails;
  const found = details?.noOfRecords ?? 0;
  const pastTheEnd = details !== undefined && found > 0 && pageNo > details.totalPages;

  const goToPage = (page: number) => {
    setPage(page);
    resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  let body;
  if (!keyword) {
    body = (
      <p
        role="status"
        className="rounded-lg border border-stone-200 bg-white px-4 py-12 text-center text-lg text-stone-700"
      >
        {t('catalogue.search.prompt')}
      </p>
    );
  } else if (books.isSuccess && found === 0) {
    body = (
      <p
        role="status"
        className="rounded-lg border border-stone-200 bg-white px-4 py-12 text-center text-lg text-stone-700"
      >
        {t('catalogue.search.none', { keyword })}
      </p>
    );
  } else if (pastTheEnd) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-stone-200 bg-white px-4 py-12 text-center">
        <p role="status" className="text-lg font-medium text-stone-800">
          {t('browser.pastTheEnd', { page: pageNo, count: found, last: details.totalPages })}
        </p>
        <Link
          to={`${searchPath(keyword)}&pageNo=${details.totalPages}&pageSize=${pageSize}`}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t('browser.lastPage', { last: details.totalPages })}
        </Link>
      </div>
    );
  } else {
    body = (
      <div
        aria-busy={books.isFetching}
        className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <BookGrid
          books={books.data?.data}
          isPending={books.isPending}
          isError={books.isError}
          onRetry={() => void books.refetch()}
          pageSize={pageSize}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6 py-6">
      <PageMeta {...searchPageMeta(keyword, books.data, { t, locale })} preloadImage={firstCoverPreload(books.data)} />
      <header className="flex flex-col gap-4">
        <h1 className="font-serif text-3xl font-semibold break-words text-stone-900">
          {keyword ? t('catalogue.search.resultsFor', { keyword }) : t('catalogue.search.title')}
        </h1>
        <search aria-label={t('home.searchRegion')}>
          {/* A new keyword is a new box: its text follows the URL (back and forward included). */}
          <SearchBox key={keyword} initialText={keyword} />
        </search>
      </header>
      {keyword ? (
        <section ref={resultsRef} aria-labelledby={headingId} className="flex scroll-mt-24 flex-col gap-4">
          <div className="flex flex-col gap-0.5">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <h2 id={headingId} className="text-xl font-semibold text-stone-900">
                {t('browser.books')}
              </h2>
              <PageSizeSelect pageSize={pageSize} onChange={setPageSize} />
            </div>
            <p role="status" className="min-h-5 text-sm text-stone-600">
              {details && found > 0 && !pastTheEnd && t('catalogue.search.summary', shownRange(details))}
            </p>
          </div>
          {body}
          {details && !pastTheEnd && (
            <Pagination currentPage={pageNo} totalPages={details.totalPages} onPageChange={goToPage} />
          )}
        </section>
      ) : (
        body
      )}
    </div>
  );
}
