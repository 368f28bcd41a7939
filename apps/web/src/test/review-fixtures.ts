import {
  BookReviewsPageSchema,
  OwnReviewSchema,
  REVIEW_RATINGS,
  ReviewSchema,
  StaffReviewPageSchema,
  StaffReviewSchema,
  type BookReviewsPage,
  type OwnReview,
  type Review,
  type StaffReview,
  type StaffReviewPage,
} from '@bookshop/contracts/reviews';

/*
 * Fixtures for reviews, built by factories and parsed by the contract schemas, so a fake answer
 * cannot drift from what the API sends.
 */

let nextId = 1;

export function makeReview(overrides: Partial<Review> = {}): Review {
  return ReviewSchema.parse({
    id: nextId++,
    bookId: 1,
    subject: 'A fine read',
    comment: 'Kept me up past midnight, twice.',
    rating: 5,
    userName: 'reader',
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    isVerifiedPurchase: true,
    ...overrides,
  });
}

export function makeOwnReview(overrides: Partial<OwnReview> = {}): OwnReview {
  return OwnReviewSchema.parse({ ...makeReview(overrides), bookTitle: 'Emma', isHidden: false, ...overrides });
}

export function makeStaffReview(overrides: Partial<StaffReview> = {}): StaffReview {
  return StaffReviewSchema.parse({
    ...makeOwnReview(overrides),
    customerEmail: 'reader@example.com',
    hiddenAt: null,
    ...overrides,
  });
}

/** A page of a book's reviews; the bars and average follow `perStar` (5 to 1), or the reviews given. */
export function bookReviewsPage(
  reviews: Review[],
  options: { perStar?: Record<number, number>; pageNo?: number; pageSize?: number; total?: number } = {},
): BookReviewsPage {
  const { pageNo = 1, pageSize = 5 } = options;
  const perStar =
    options.perStar ??
    Object.fromEntries(REVIEW_RATINGS.map((stars) => [stars, reviews.filter((r) => r.rating === stars).length]));
  const count = REVIEW_RATINGS.reduce((sum, stars) => sum + (perStar[stars] ?? 0), 0);
  const points = REVIEW_RATINGS.reduce((sum, stars) => sum + stars * (perStar[stars] ?? 0), 0);
  const total = options.total ?? reviews.length;
  return BookReviewsPageSchema.parse({
    data: reviews,
    paginationDetails: { currentPage: pageNo, totalPages: Math.ceil(total / pageSize), noOfRecords: total, pageSize },
    ratingAverage: count === 0 ? 0 : Math.round((points / count) * 100) / 100,
    ratingCount: count,
    ratingDistribution: REVIEW_RATINGS.map((stars) => ({ rating: stars, count: perStar[stars] ?? 0 })),
  });
}

export function staffReviewPage(reviews: StaffReview[], pageSize = 10): StaffReviewPage {
  return StaffReviewPageSchema.parse({
    data: reviews,
    paginationDetails: {
      currentPage: 1,
      totalPages: Math.ceil(reviews.length / pageSize),
      noOfRecords: reviews.length,
      pageSize,
    },
  });
}
