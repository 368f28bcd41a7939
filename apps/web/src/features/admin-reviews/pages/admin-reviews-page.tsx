import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ReviewMessages, StaffReviewQuerySchema, type StaffReview } from '@bookshop/contracts/reviews';
import { bookPath } from '@bookshop/contracts/routes';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { StarRating } from '../../../ui/star-rating.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useStaffReviews } from '../api/get-staff-reviews.ts';
import { useSetReviewHidden } from '../api/set-review-hidden.ts';
import { SelectField } from '../../../ui/form-fields.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { DataTable, InRow, MINOR_CELL, type DataColumn } from '../../../ui/data-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyNote, QueryState } from '../../../ui/query-state.tsx';
import { pickerPageSize, useUrlState } from '../../../lib/use-url-state.ts';

const VISIBILITY = { all: 'All reviews', shown: 'Shown only', hidden: 'Hidden only' } as const;
type Visibility = keyof typeof VISIBILITY;

/** Page, page size and the hidden filter live in the URL (the page sizes are the picker's). */
const UrlQuerySchema = z.object({ ...StaffReviewQuerySchema.shape, pageSize: pickerPageSize });

// Narrow, the rating shows with the review, the time with its customer, the status by its action.
const COLUMNS: DataColumn[] = [
  'Review',
  { key: 'Rating', label: 'Rating', minor: true },
  'Book',
  'Customer',
  { key: 'Written', label: 'Written', minor: true },
  { key: 'Status', label: 'Status', minor: true },
  'Action',
];

/** /admin/dashboard/reviews (reviews:moderate): every review, newest first; hide abusive ones. */
export function AdminReviewsPage() {
  useDocumentTitle('Reviews');
  const [query, setQuery] = useUrlState(UrlQuerySchema);
  const visibility: Visibility = query.hidden === undefined ? 'all' : query.hidden ? 'hidden' : 'shown';
  const reviews = useStaffReviews(query);
  const setHidden = useSetReviewHidden();
  const [hiding, setHiding] = useState<StaffReview | null>(null);
  const details = reviews.data?.paginationDetails;

  const change = (review: StaffReview, hidden: boolean) =>
    setHidden.mutate(
      { id: review.id, hidden },
      { onSuccess: () => toast.success(hidden ? ReviewMessages.hidden : ReviewMessages.shown) },
    );

  return (
    <ListPage
      id="reviews"
      title="Reviews"
      intro={<>Every review, newest first. A hidden review leaves the book&apos;s page and its average.</>}
      actions={
        <SelectField
          label="Show"
          value={visibility}
          onChange={(event) => {
            const value = event.target.value as Visibility;
            setQuery({ hidden: value === 'all' ? undefined : value === 'hidden', pageNo: 1 });
          }}
        >
          {Object.entries(VISIBILITY).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      }
    >
      <QueryState
        query={reviews}
        loadingLabel="Loading reviews"
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyNote>No reviews here.</EmptyNote>}
      >
        {(page) => (
          <DataTable
            caption="Reviews, newest first"
            columns={COLUMNS}
            busy={reviews.isPlaceholderData || undefined}
            roles
          >
            {page.data.map((review) => (
              <tr role="row" key={review.id} className={review.isHidden ? 'bg-stone-50 text-stone-600' : undefined}>
                <td role="cell" className="max-w-md px-4 py-3">
                  <InRow>
                    <StarRating rating={review.rating} />
                  </InRow>
                  <span className="block font-semibold break-words text-stone-900">{review.subject}</span>
                  <span className="block break-words whitespace-pre-line">{review.comment}</span>
                </td>
                <td role="cell" className={`px-4 py-3 whitespace-nowrap ${MINOR_CELL}`}>
                  <StarRating rating={review.rating} />
                </td>
                <td role="cell" className="px-4 py-3 break-words">
                  <Link to={bookPath(review.bookTitle)} className="text-brand underline-offset-2 hover:underline">
                    {review.bookTitle}
                  </Link>
                </td>
                <td role="cell" className="px-4 py-3">
                  <span className="block font-semibold text-stone-900">{review.userName}</span>
                  <EmailAddress value={review.customerEmail} className="block" />
                  <InRow label="Written">
                    <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
                  </InRow>
                </td>
                <td role="cell" className={`px-4 py-3 whitespace-nowrap ${MINOR_CELL}`}>
                  <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
                </td>
                <td role="cell" className={`px-4 py-3 ${MINOR_CELL}`}>
                  {review.isHidden ? 'Hidden' : 'Shown'}
                </td>
                <td role="cell" className="px-4 py-3">
                  <InRow label="Status">{review.isHidden ? 'Hidden' : 'Shown'}</InRow>
                  {review.isHidden ? (
                    <Button variant="secondary" size="sm" onClick={() => change(review, false)}>
                      Show<span className="sr-only"> review “{review.subject}”</span>
                    </Button>
                  ) : (
                    <Button variant="danger" size="sm" onClick={() => setHiding(review)}>
                      Hide<span className="sr-only"> review “{review.subject}”</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>

      {details && (
        <PagingBar label="Reviews per page" details={details} pageSize={query.pageSize} onChange={setQuery} />
      )}

      {hiding && (
        <ConfirmDialog
          title="Hide this review?"
          description={`“${hiding.subject}” by ${hiding.userName} will leave the page of “${hiding.bookTitle}” and its average. You can show it again later.`}
          cancelLabel="Keep Shown"
          confirmLabel="Hide Review"
          onClose={() => setHiding(null)}
          onConfirm={() => change(hiding, true)}
        />
      )}
    </ListPage>
  );
}
