import { useId } from 'react';
import { PAGE_BUTTONS_SHOWN, PAGE_SIZE_OPTIONS } from '@bookshop/contracts/constants';
import { Button } from './button.tsx';
import { pageButtons } from './page-window.ts';
import { useT } from '../lib/i18n/i18n.tsx';

type PaginationProps = {
  currentPage: number;
  totalPages: number;
  onPageChange: (pageNo: number) => void;
};

const pageButton =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-2.5 text-sm whitespace-nowrap sm:px-3 font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Previous / next and up to five numbered pages around the current one; on a phone three, so that
 * 'Next ›' stays on the line of the numbers (the others are hidden by CSS, as the server cannot
 * know the screen's width).
 */
export function Pagination({ currentPage, totalPages, onPageChange }: PaginationProps) {
  const t = useT();
  if (totalPages <= 1) return null;
  const pages = pageButtons(currentPage, totalPages, PAGE_BUTTONS_SHOWN);
  return (
    <nav aria-label={t('pager.label')}>
      <ul className="flex flex-nowrap items-center gap-1 sm:gap-1.5">
        <li>
          <button
            type="button"
            className={`${pageButton} border-stone-300 bg-white hover:bg-stone-100`}
            disabled={currentPage <= 1}
            onClick={() => onPageChange(currentPage - 1)}
          >
            <span aria-hidden="true">‹</span> {t('pager.previous')}
          </button>
        </li>
        {pages.map(({ page, wide }) => {
          const current = page === currentPage;
          return (
            <li key={page} className={wide ? 'max-sm:hidden' : undefined}>
              <button
                type="button"
                aria-label={t('pager.page', { page })}
                aria-current={current ? 'page' : undefined}
                className={`${pageButton} ${current ? 'border-brand bg-brand text-white' : 'border-stone-300 bg-white hover:bg-stone-100'}`}
                onClick={() => !current && onPageChange(page)}
              >
                {page}
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className={`${pageButton} border-stone-300 bg-white hover:bg-stone-100`}
            disabled={currentPage >= totalPages}
            onClick={() => onPageChange(currentPage + 1)}
          >
            {t('pager.next')} <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

type PageSizeSelectProps = {
  pageSize: number;
  onChange: (pageSize: number) => void;
  /** What a page holds, e.g. 'Orders per page'. */
  label?: string;
};

export function PageSizeSelect({ pageSize, onChange, label }: PageSizeSelectProps) {
  const id = useId();
  const t = useT();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-stone-700">
        {label ?? t('pager.booksPerPage')}
      </label>
      <select
        id={id}
        value={pageSize}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 rounded-md border border-stone-300 bg-white px-2"
      >
        {PAGE_SIZE_OPTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

type PagingBarProps = {
  /** What a page holds, e.g. 'Orders per page'. */
  label: string;
  details: { currentPage: number; totalPages: number };
  pageSize: number;
  /** A new page size starts again at page 1. */
  onChange: (change: { pageNo: number; pageSize?: number }) => void;
};

/** The page-size choice and the page buttons under a paged staff table. */
export function PagingBar({ label, details, pageSize, onChange }: PagingBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <PageSizeSelect label={label} pageSize={pageSize} onChange={(size) => onChange({ pageSize: size, pageNo: 1 })} />
      <Pagination
        currentPage={details.currentPage}
        totalPages={details.totalPages}
        onPageChange={(pageNo) => onChange({ pageNo })}
      />
    </div>
  );
}

type SectionPagerProps = {
  /** The navigation's name, e.g. 'Orders pages'. */
  label: string;
  /** What is paged, for screen readers: 'orders' gives 'Next page of orders'. */
  noun: string;
  details: { currentPage: number; totalPages: number };
  onPageChange: (pageNo: number) => void;
  /** While a page loads, the buttons wait. */
  busy?: boolean;
};

/** Previous / next under a short list on the account page; nothing when it fits on one page. */
export function SectionPager({ label, noun, details, onPageChange, busy = false }: SectionPagerProps) {
  const { currentPage, totalPages } = details;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={currentPage <= 1 || busy}
        onClick={() => onPageChange(currentPage - 1)}
      >
        Previous<span className="sr-only"> page of {noun}</span>
      </Button>
      <p className="text-sm text-stone-700" aria-live="polite">
        Page {currentPage} of {totalPages}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={currentPage >= totalPages || busy}
        onClick={() => onPageChange(currentPage + 1)}
      >
        Next<span className="sr-only"> page of {noun}</span>
      </Button>
    </nav>
  );
}
