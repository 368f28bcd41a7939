import { useState } from 'react';
import { Link } from 'react-router';
import { bookPath, reviewPath, Routes } from '@bookshop/contracts/routes';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { StarRating } from '../../../ui/star-rating.tsx';
import { useMyReviews } from '../api/get-my-reviews.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { SectionPager } from '../../../ui/pagination.tsx';

export const MY_REVIEWS_PAGE_SIZE = 5;

/** The customer's reviews on /account (section id "reviews"), newest first, each with a link to edit it. */
export function MyReviewsSection() {
  const [pageNo, setPageNo] = useState(1);
  const reviews = useMyReviews({ pageNo, pageSize: MY_REVIEWS_PAGE_SIZE });
  const details = reviews.data?.paginationDetails;
  const t = useT();
  const { dateTime } = useFormat();

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="grid scroll-mt-20 gap-4">
      <h2 id="reviews-title" className="text-xl font-bold text-stone-900">
        {t('reviews.mine.title')}
      </h2>

      {reviews.isPending ? (
        <Spinner label={t('reviews.mine.loading')} />
      ) : reviews.isError ? (
        <LoadError onRetry={() => reviews.refetch()} />
      ) : reviews.data.data.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          <p>{t('reviews.mine.empty')}</p>
          <Link to={Routes.home} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('orders.list.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={reviews.isPlaceholderData || undefined}>
            {reviews.data.data.map((review) => (
              <li
                key={review.id}
                className="grid gap-2 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
              >
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link
                      to={bookPath(review.bookTitle)}
                      className="font-semibold text-stone-900 underline-offset-2 hover:underline"
                    >
                      {review.bookTitle}
                    </Link>
                    <StarRating rating={review.rating} />
                    {review.isHidden && (
                      <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                        {t('reviews.mine.hidden')}
                      </span>
                    )}
                  </p>
                  <p className="font-medium break-words text-stone-900">{review.subject}</p>
                  <p className="text-sm text-stone-700">
                    <time dateTime={review.updatedAt}>{dateTime(review.updatedAt)}</time>
                  </p>
                </div>
                <Link
                  to={reviewPath(review.bookId, review.bookTitle)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {t('reviews.mine.edit')}
                  <span className="sr-only">{t('reviews.mine.editHint', { title: review.bookTitle })}</span>
                </Link>
              </li>
            ))}
          </ul>
          {details && (
            <SectionPager
              label={t('reviews.mine.pages')}
              noun={t('reviews.mine.noun')}
              details={details}
              onPageChange={setPageNo}
            />
          )}
        </>
      )}
    </section>
  );
}
