import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { BookReviewsPage, Review, ReviewSort } from '@bookshop/contracts/reviews';
import { reviewPath } from '@bookshop/contracts/routes';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT, type MessageId } from '../../../lib/i18n/i18n.tsx';
import { BarFill } from '../../../ui/bar-fill.tsx';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { StarRating } from '../../../ui/star-rating.tsx';
import { FIRST_REVIEWS_PAGE, useBookReviews, type BookReviewsQuery } from '../api/get-book-reviews.ts';
import { useReviewEligibility } from '../api/get-review-eligibility.ts';
import { LoadError } from '../../../ui/load-error.tsx';

const SORT_LABELS = {
  newest: 'reviews.sort.newest',
  highest: 'reviews.sort.highest',
  lowest: 'reviews.sort.lowest',
} as const satisfies Record<ReviewSort, MessageId>;

type BookReviewsProps = {
  bookId: number;
  bookTitle: string;
  /** A customer is logged in: the section asks whether they bought the book (for 'Write a review'). */
  customer: boolean;
};

/**
 * The book page's reviews: how they are verified, the average and the bars per star (each bar
 * filters the list to its star value), a 'Write a review' or 'Edit your review' button for a
 * customer who bought the book, and the reviews, newest first, five to a page.
 */
export function BookReviews({ bookId, bookTitle, customer }: BookReviewsProps) {
  const [query, setQuery] = useState<BookReviewsQuery>(FIRST_REVIEWS_PAGE);
  const reviews = useBookReviews(bookId, query);
  const eligibility = useReviewEligibility(bookId, { enabled: customer });
  const sortId = useId();
  const filterBy = (rating: number | undefined) => setQuery((was) => ({ ...was, rating, pageNo: 1 }));
  const t = useT();

  return (
    <section aria-labelledby="reviews-heading" className="grid gap-6 border-t border-stone-200 py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="reviews-heading" className="text-2xl font-semibold text-stone-900">
            {t('reviews.heading')}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-stone-700">
            <CheckCircleIcon className="size-4 text-emerald-700" />
            {t('reviews.verifiedNote')}
          </p>
        </div>
        {eligibility.data && (eligibility.data.reviewId !== null || eligibility.data.hasPurchased) && (
          <Link to={reviewPath(bookId, bookTitle)} className={buttonClasses({ variant: 'primary' })}>
            {eligibility.data.reviewId !== null ? t('reviews.edit') : t('reviews.write')}
          </Link>
        )}
      </header>

      {reviews.isPending ? (
        <Spinner label={t('reviews.loading')} />
      ) : reviews.isError ? (
        <LoadError onRetry={() => reviews.refetch()} />
      ) : (
        <div className="grid gap-8 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <RatingSummary page={reviews.data} selected={query.rating} onSelect={filterBy} />
          <div className="grid content-start gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-2">
                <label htmlFor={sortId} className="text-sm font-semibold text-stone-800">
                  {t('reviews.sortBy')}
                </label>
                <select
                  id={sortId}
                  value={query.sort}
                  onChange={(event) =>
                    setQuery((was) => ({ ...was, sort: event.target.value as ReviewSort, pageNo: 1 }))
                  }
                  className="min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm"
                >
                  {Object.entries(SORT_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {t(label)}
                    </option>
                  ))}
                </select>
              </div>
              {query.rating !== undefined && (
                <p className="flex items-center gap-2 text-sm text-stone-800">
                  {t('reviews.showingStars', { rating: query.rating })}
                  <Button variant="secondary" size="xs" onClick={() => filterBy(undefined)}>
                    {t('reviews.showAll')}
                  </Button>
                </p>
              )}
            </div>
            <ReviewList page={reviews.data} filtered={query.rating !== undefined} busy={reviews.isPlaceholderData} />
            <Pagination
              currentPage={reviews.data.paginationDetails.currentPage}
              totalPages={reviews.data.paginationDetails.totalPages}
              onPageChange={(pageNo) => setQuery((was) => ({ ...was, pageNo }))}
            />
          </div>
        </div>
      )}
    </section>
  );
}

type RatingSummaryProps = {
  page: BookReviewsPage;
  selected: number | undefined;
  onSelect: (rating: number | undefined) => void;
};

/** The average, the count and a bar per star value; pressing a bar shows only those reviews. */
function RatingSummary({ page, selected, onSelect }: RatingSummaryProps) {
  const total = page.ratingDistribution.reduce((sum, bar) => sum + bar.count, 0);
  const t = useT();
  return (
    <div className="grid content-start gap-4">
      <div className="grid gap-1">
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold text-stone-900 tabular-nums">{page.ratingAverage.toFixed(1)}</span>
          <span className="text-stone-700">{t('reviews.outOf5')}</span>
        </p>
        <StarRating rating={page.ratingAverage} />
        <p className="text-sm text-stone-700">{t('book.ratings', { count: page.ratingCount })}</p>
      </div>
      <ul aria-label={t('reviews.byStar')} className="grid gap-1.5">
        {page.ratingDistribution.map((bar) => {
          const percent = total === 0 ? 0 : Math.round((bar.count / total) * 100);
          const active = selected === bar.rating;
          return (
            <li key={bar.rating}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(active ? undefined : bar.rating)}
                className={`grid min-h-11 w-full grid-cols-[4rem_1fr_3rem] items-center gap-2 rounded-md px-2 text-sm text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-stone-900 ${active ? 'bg-amber-50 ring-1 ring-amber-500' : ''}`}
              >
                <span className="text-start">
                  {t('reviews.stars', { count: bar.rating })}
                  <span className="sr-only">, </span>
                </span>
                <span className="h-3 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                  <BarFill to={percent} radius={6} fill="fill-amber-500" />
                </span>
                <span className="text-end tabular-nums">
                  {bar.count}
                  <span className="sr-only"> {t('reviews.barNote', { count: bar.count, percent })}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewList({ page, filtered, busy }: { page: BookReviewsPage; filtered: boolean; busy: boolean }) {
  const t = useT();
  if (page.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
        {filtered ? t('reviews.noneWithRating') : t('reviews.none')}
      </p>
    );
  }
  return (
    <ul className="grid gap-4" aria-busy={busy || undefined} aria-label={t('reviews.list')}>
      {page.data.map((review) => (
        <li key={review.id}>
          <ReviewItem review={review} />
        </li>
      ))}
    </ul>
  );
}

/** One review; subject and comment are React text, so markup in them shows as typed. */
function ReviewItem({ review }: { review: Review }) {
  const t = useT();
  const { dateTime } = useFormat();
  return (
    <article className="grid gap-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <h3 className="font-semibold break-words text-stone-900">{review.subject}</h3>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
        <span>
          {t('book.by')} <span className="font-medium text-stone-800">{review.userName}</span>
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.createdAt}>{dateTime(review.createdAt)}</time>
        {review.isVerifiedPurchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            <CheckCircleIcon className="size-3.5" />
            {t('reviews.verifiedPurchase')}
          </span>
        )}
      </p>
      <p className="leading-relaxed break-words whitespace-pre-line text-stone-800">{review.comment}</p>
    </article>
  );
}
