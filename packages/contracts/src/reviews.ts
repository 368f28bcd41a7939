import { z } from 'zod';
import { BookIdSchema } from './cart.ts';
import { PageQuerySchema, PaginationDetailsSchema, pageOf } from './pagination.ts';
import { freeText, lineText } from './text.ts';
import {
  REVIEW_RATING_MIN,
  REVIEW_RATING_MAX,
  REVIEW_SUBJECT_MIN,
  REVIEW_SUBJECT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_COMMENT_MAX,
  ReviewMessages,
} from './review-messages.ts';

// Re-exported so the API and the forms keep one import for the reviews contract; the book page
// imports review-messages.ts itself, without zod.
export {
  REVIEW_RATING_MIN,
  REVIEW_RATING_MAX,
  REVIEW_SUBJECT_MAX,
  REVIEW_COMMENT_MAX,
  REVIEW_RATINGS,
  ReviewMessages,
} from './review-messages.ts';

/**
 * Reviews (issue 10, docs/decisions/040-reviews.md). Only a customer with a Completed order
 * holding the book may review it, once per book. The text is kept as typed and always shown as
 * text. Staff with reviews:moderate may hide a review; hidden reviews leave the book's average.
 */

type TextMessages = { required: string; min: string; max: string };
const text = (rules: typeof freeText, min: number, max: number, messages: TextMessages) =>
  z
    .string({ error: messages.required })
    .trim()
    .pipe(rules(z.string().min(1, messages.required), messages.required))
    .pipe(z.string().min(min, messages.min).max(max, messages.max));

export const ReviewRatingSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? ReviewMessages.ratingRequired : ReviewMessages.ratingInvalid),
  })
  .int(ReviewMessages.ratingInvalid)
  .min(REVIEW_RATING_MIN, ReviewMessages.ratingInvalid)
  .max(REVIEW_RATING_MAX, ReviewMessages.ratingInvalid);

/** What the customer writes; the review page's form validates with this on every change. */
export const ReviewFormSchema = z.object({
  subject: text(lineText, REVIEW_SUBJECT_MIN, REVIEW_SUBJECT_MAX, {
    required: ReviewMessages.subjectRequired,
    min: ReviewMessages.subjectMin,
    max: ReviewMessages.subjectMax,
  }),
  comment: text(freeText, REVIEW_COMMENT_MIN, REVIEW_COMMENT_MAX, {
    required: ReviewMessages.commentRequired,
    min: ReviewMessages.commentMin,
    max: ReviewMessages.commentMax,
  }),
  rating: ReviewRatingSchema,
});
export type ReviewForm = z.infer<typeof ReviewFormSchema>;

const ReviewIdSchema = z
  .number({ error: ReviewMessages.idInvalid })
  .int(ReviewMessages.idInvalid)
  .positive(ReviewMessages.idInvalid)
  .max(2_147_483_647, ReviewMessages.idInvalid);

/** `POST v1/reviews`. */
export const CreateReviewSchema = ReviewFormSchema.extend({ bookId: BookIdSchema });
export type CreateReview = z.infer<typeof CreateReviewSchema>;

/** `PUT v1/reviews`: the author's own review only. */
export const UpdateReviewSchema = ReviewFormSchema.extend({ id: ReviewIdSchema });
export type UpdateReview = z.infer<typeof UpdateReviewSchema>;

export const ReviewParamsSchema = z.object({
  id: z.coerce.number({ error: ReviewMessages.idInvalid }).pipe(ReviewIdSchema),
});
export const BookReviewsParamsSchema = z.object({
  bookId: z.coerce.number({ error: 'Book id must be a positive whole number.' }).pipe(BookIdSchema),
});

const iso = z.iso.datetime({ offset: true });

/** A review as the storefront shows it. */
export const ReviewSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  subject: z.string(),
  comment: z.string(),
  rating: z.number().int(),
  userName: z.string(),
  createdAt: iso,
  updatedAt: iso,
  /** The author still has a Completed order holding the book (false once that order was cancelled). */
  isVerifiedPurchase: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The author's own review (`review-by`, `mine`): also which book, and whether staff hid it. */
export const OwnReviewSchema = ReviewSchema.extend({ bookTitle: z.string(), isHidden: z.boolean() });
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** `GET v1/reviews/review-by/{bookId}`: the caller's review of the book, or null before they wrote one. */
export const OwnReviewOfBookSchema = OwnReviewSchema.nullable();

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** `GET v1/reviews/{bookId}`: newest first unless `sort`; `rating` keeps one star value. */
export const BookReviewsQuerySchema = PageQuerySchema.extend({
  sort: z.enum(REVIEW_SORTS, { error: 'sort must be newest, highest or lowest.' }).default('newest'),
  rating: z.coerce.number({ error: ReviewMessages.ratingInvalid }).pipe(ReviewRatingSchema).optional(),
});
export type BookReviewsQuery = z.infer<typeof BookReviewsQuerySchema>;

export const RatingDistributionSchema = z.array(z.object({ rating: z.number().int(), count: z.number().int() }));

/** A page of a book's shown reviews plus its rating: average, count and the count per star (5 to 1). */
export const BookReviewsPageSchema = z.object({
  data: z.array(ReviewSchema),
  paginationDetails: PaginationDetailsSchema,
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  ratingDistribution: RatingDistributionSchema,
});
export type BookReviewsPage = z.infer<typeof BookReviewsPageSchema>;

/** `GET v1/reviews/mine`: the signed-in customer's reviews, newest first. */
export const MyReviewsQuerySchema = PageQuerySchema;
export const MyReviewsPageSchema = pageOf(OwnReviewSchema);
export type MyReviewsPage = z.infer<typeof MyReviewsPageSchema>;

/** `GET v1/reviews/eligibility/{bookId}`: whether the book page offers 'Write a review' or 'Edit your review'. */
export const ReviewEligibilitySchema = z.object({
  hasPurchased: z.boolean(),
  /** The customer's review of the book, if they wrote one. */
  reviewId: z.number().int().nullable(),
});
export type ReviewEligibility = z.infer<typeof ReviewEligibilitySchema>;

/** A review in the staff list: who wrote it (e-mail too) and whether it is hidden. */
export const StaffReviewSchema = OwnReviewSchema.extend({
  customerEmail: z.string(),
  hiddenAt: iso.nullable(),
});
export type StaffReview = z.infer<typeof StaffReviewSchema>;

const booleanParam = (message: string) =>
  z.enum(['true', 'false'], { error: message }).transform((value) => value === 'true');

/** `GET v1/staff/reviews`: every review, newest first; `hidden` keeps only hidden (true) or shown (false) ones. */
export const StaffReviewQuerySchema = PageQuerySchema.extend({
  hidden: booleanParam(ReviewMessages.hiddenInvalid).optional(),
});
export type StaffReviewQuery = z.infer<typeof StaffReviewQuerySchema>;
export const StaffReviewPageSchema = pageOf(StaffReviewSchema);
export type StaffReviewPage = z.infer<typeof StaffReviewPageSchema>;

/** `PATCH v1/staff/reviews/{id}`: hide an abusive review, or show it again. */
export const SetReviewHiddenSchema = z.object({ hidden: z.boolean({ error: ReviewMessages.hiddenInvalid }) });
export type SetReviewHidden = z.infer<typeof SetReviewHiddenSchema>;
