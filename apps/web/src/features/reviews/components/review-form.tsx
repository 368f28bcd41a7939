import { Controller, type UseFormSetError } from 'react-hook-form';
import {
  REVIEW_COMMENT_MAX,
  ReviewFormSchema,
  type OwnReview,
  type ReviewForm as ReviewFormValues,
} from '@bookshop/contracts/reviews';
import { setServerFieldErrors } from '../../../lib/field-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField, TextField } from '../../../ui/form-fields.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { StarInput } from './star-input.tsx';

const FIELDS = ['subject', 'comment', 'rating'] as const;

/** A 400's field errors also show under their fields (the toast shows them all). */
export const showServerFieldErrors = (error: unknown, setError: UseFormSetError<ReviewFormValues>) =>
  setServerFieldErrors(error, FIELDS, setError);

type ReviewFormProps = {
  /** The review being edited; absent when writing a new one. */
  review?: OwnReview | null;
  pending: boolean;
  onSubmit: (values: ReviewFormValues, setError: UseFormSetError<ReviewFormValues>) => void;
};

/** Rating, subject and comment, checked with the API's own schema on every change. */
export function ReviewForm({ review, pending, onSubmit }: ReviewFormProps) {
  const { field, control, handleSubmit, setError, watch } = useSchemaForm(ReviewFormSchema, {
    subject: review?.subject ?? '',
    comment: review?.comment ?? '',
    rating: review?.rating,
  });
  const commentLength = watch('comment')?.length ?? 0;
  const t = useT();

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))} className="grid gap-5">
      <Controller
        control={control}
        name="rating"
        render={({ field: rating, fieldState }) => (
          <StarInput
            label={t('reviews.form.rating')}
            value={rating.value}
            onChange={rating.onChange}
            onBlur={rating.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label={t('reviews.form.subject')}
        hint={t('reviews.form.subjectHint')}
        dir="auto"
        {...field('subject')}
      />
      <TextAreaField
        label={t('reviews.form.comment')}
        rows={6}
        dir="auto"
        hint={t('reviews.form.commentHint', { length: commentLength, max: REVIEW_COMMENT_MAX })}
        {...field('comment')}
      />
      <div>
        <Button type="submit" pending={pending}>
          {t(review ? 'reviews.form.update' : 'reviews.form.publish')}
        </Button>
      </div>
    </form>
  );
}
