import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { OwnReview, ReviewForm as ReviewFormValues } from '@bookshop/contracts/reviews';
import { bookPath } from '@bookshop/contracts/routes';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCreateReview } from '../api/create-review.ts';
import { useDeleteReview } from '../api/delete-review.ts';
import { useOwnReview } from '../api/get-own-review.ts';
import { useReviewEligibility } from '../api/get-review-eligibility.ts';
import { useUpdateReview } from '../api/update-review.ts';
import { ReviewForm, showServerFieldErrors } from '../components/review-form.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';

const card = 'rounded-xl border border-stone-200 bg-white p-5 sm:p-6';

/**
 * /reviews/{id}/{bookTitle} (logged-in customers; `id` is the book's): writes the customer's
 * review of the book, or edits or deletes the one they wrote. Saving or deleting goes back to
 * the book's page, where the review and the new rating show.
 */
export function ReviewPage() {
  const params = useParams();
  const bookId = Number(params.id);
  const bookTitle = params.bookTitle ?? '';
  const valid = Number.isInteger(bookId) && bookId > 0;
  const own = useOwnReview(bookId, { enabled: valid });
  const eligibility = useReviewEligibility(bookId, { enabled: valid });
  const t = useT();
  useDocumentTitle(t(own.data ? 'reviews.page.titleEdit' : 'reviews.page.titleNew', { title: bookTitle }));

  return (
    <div className="mx-auto grid max-w-2xl gap-6 py-6">
      <header className="grid gap-1">
        <h1 className="font-serif text-3xl font-semibold text-stone-900">
          {t(own.data ? 'reviews.page.headingEdit' : 'reviews.page.headingNew')}
        </h1>
        <p className="text-stone-700">
          {t('reviews.page.of')}{' '}
          <Link to={bookPath(bookTitle)} className="font-semibold text-brand underline-offset-2 hover:underline">
            {bookTitle}
          </Link>
        </p>
      </header>
      {!valid ? (
        <p role="alert" className={card}>
          {t('reviews.page.bookNotFound')}
        </p>
      ) : own.isPending || eligibility.isPending ? (
        <Spinner label={t('reviews.page.loading')} />
      ) : own.isError || eligibility.isError ? (
        <LoadError onRetry={() => Promise.all([own.refetch(), eligibility.refetch()])} />
      ) : !own.data && !eligibility.data.hasPurchased ? (
        <div className={`${card} grid justify-items-start gap-3`}>
          <p>{t('reviews.page.notPurchased')}</p>
          <Link to={bookPath(bookTitle)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('reviews.page.backToBook')}
          </Link>
        </div>
      ) : (
        <ReviewEditor bookId={bookId} bookTitle={bookTitle} review={own.data} />
      )}
    </div>
  );
}

function ReviewEditor({ bookId, bookTitle, review }: { bookId: number; bookTitle: string; review: OwnReview | null }) {
  const navigate = useNavigate();
  const create = useCreateReview();
  const update = useUpdateReview();
  const remove = useDeleteReview(bookId);
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  const backToBook = () => void navigate(bookPath(bookTitle));

  const save = (values: ReviewFormValues, setError: Parameters<typeof showServerFieldErrors>[1]) => {
    const failed = (error: unknown) => showServerFieldErrors(error, setError);
    if (review) {
      update.mutate(
        { id: review.id, ...values },
        {
          onSuccess: () => {
            toast.success(t('reviews.page.updated'));
            backToBook();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(
        { bookId, ...values },
        {
          onSuccess: () => {
            toast.success(t('reviews.page.created'));
            backToBook();
          },
          onError: failed,
        },
      );
    }
  };

  return (
    <div className={`${card} grid gap-6`}>
      {review?.isHidden && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('reviews.page.hidden')}
        </p>
      )}
      <ReviewForm review={review} pending={create.isPending || update.isPending} onSubmit={save} />
      {review && (
        <div className="border-t border-stone-200 pt-4">
          <Button variant="danger" pending={remove.isPending} onClick={() => setConfirming(true)}>
            {t('reviews.page.delete')}
          </Button>
        </div>
      )}
      {review && confirming && (
        <ConfirmDialog
          title={t('reviews.page.confirmTitle')}
          description={t('reviews.page.confirmText', { title: bookTitle })}
          cancelLabel={t('reviews.page.keep')}
          confirmLabel={t('reviews.page.delete')}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(review.id, {
              onSuccess: () => {
                toast.success(t('reviews.page.deleted'));
                backToBook();
              },
            })
          }
        />
      )}
    </div>
  );
}
