/*
 * The reviews' limits and words, without zod: the book page shows some of them, and importing
 * reviews.ts for them would put zod and every schema in that page's critical JavaScript.
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_SUBJECT_MIN = 3;
export const REVIEW_SUBJECT_MAX = 100;
export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 2000;
/** The star values, highest first: the order of the distribution bars. */
export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;

export const ReviewMessages = {
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  ratingInvalid: 'Rating must be a whole number from 1 to 5.',
  subjectRequired: 'Subject is required.',
  subjectMin: `Subject must be at least ${REVIEW_SUBJECT_MIN} characters long.`,
  subjectMax: `Subject must be at most ${REVIEW_SUBJECT_MAX} characters long.`,
  commentRequired: 'Comment is required.',
  commentMin: `Comment must be at least ${REVIEW_COMMENT_MIN} characters long.`,
  commentMax: `Comment must be at most ${REVIEW_COMMENT_MAX} characters long.`,
  idInvalid: 'Review id must be a positive whole number.',
  bookNotFound: 'This book does not exist.',
  notFound: 'This review does not exist.',
  notPurchased: 'Only customers who bought this book can review it. Reviews open once your order is completed.',
  alreadyReviewed: 'You have already reviewed this book. Edit your review instead.',
  hiddenInvalid: 'Hidden must be true or false.',
  /** The book page's note on how reviews are verified. */
  verifiedNote: 'Only customers who bought this book can review it',
  verifiedPurchase: 'Verified purchase',
  created: 'Thank you: your review is published.',
  updated: 'Your review is updated.',
  deleted: 'Your review is deleted.',
  hidden: 'The review is hidden.',
  shown: 'The review is shown again.',
} as const;
