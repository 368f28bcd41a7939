import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_SUBJECT_MAX,
  ReviewMessages,
  type BookReviewsPage,
  type MyReviewsPage,
  type OwnReview,
  type StaffReview,
  type StaffReviewPage,
} from '@bookshop/contracts/reviews';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type Method,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, completePurchase, fillCart } from '../checkout/testing.ts';

const { t } = useTestApp();
/** Alice, Bob and Carol bought Emma; Alice also bought Persuasion. Dave bought nothing. */
let alice: TestAccount;
let bob: TestAccount;
let carol: TestAccount;
let dave: TestAccount;
let emma: number;
let persuasion: number;
let unread: number;

beforeAll(async () => {
  emma = await t.catalogue.createBook(testBook({ title: 'Emma', stockQuantity: 50 }));
  persuasion = await t.catalogue.createBook(testBook({ title: 'Persuasion', stockQuantity: 50 }));
  unread = await t.catalogue.createBook(testBook({ title: 'Unread', stockQuantity: 50 }));
  [alice, bob, carol, dave] = await Promise.all([
    createCustomer(t, { userName: `alice-${Date.now()}` }),
    createCustomer(t),
    createCustomer(t),
    createCustomer(t),
  ]);
  await completePurchase(t, alice, [emma, persuasion]);
  await completePurchase(t, bob, [emma]);
  await completePurchase(t, carol, [emma]);
});

const call = (method: Method, url: string, who?: TestAccount, payload?: unknown) =>
  callAs(t, method, url, who, payload);

const valid = { subject: 'A delight', comment: 'Witty, warm and sharper than I remembered.', rating: 5 };
const post = (who: TestAccount | undefined, fields: Record<string, unknown>) =>
  call('POST', '/api/v1/reviews', who, { bookId: emma, ...valid, ...fields });

async function create(who: TestAccount, fields: Record<string, unknown> = {}): Promise<OwnReview> {
  const res = await post(who, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OwnReview>();
}

const reviewsOf = async (bookId: number, query = '') => {
  const res = await call('GET', `/api/v1/reviews/${bookId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookReviewsPage>();
};

/** The rating cards and filters read (the books row) and the aggregate of the shown reviews. */
async function ratingOf(title: string) {
  const book = (await call('GET', `/api/v1/books/${encodeURIComponent(title)}`)).json<{
    id: number;
    rating: number;
    ratingCount: number;
  }>();
  const page = await reviewsOf(book.id);
  const perStar = Object.fromEntries(page.ratingDistribution.map((bar) => [bar.rating, bar.count]));
  return { rating: book.rating, count: book.ratingCount, summary: [page.ratingAverage, page.ratingCount], perStar };
}

const clearReviews = () => t.db.execute(sql`delete from reviews`);
const resetRatings = async () => {
  await clearReviews();
  await t.db.execute(sql`update books set rating_average = 0, rating_count = 0`);
};

describe('who may write reviews', () => {
  const routes: [string, Method, string, unknown?][] = [
    ['write', 'POST', '/api/v1/reviews', { bookId: 1, ...valid }],
    ['edit', 'PUT', '/api/v1/reviews', { id: 1, ...valid }],
    ['delete', 'DELETE', '/api/v1/reviews/1'],
    ['read their own', 'GET', '/api/v1/reviews/review-by/1'],
    ['list their own', 'GET', '/api/v1/reviews/mine'],
    ['ask whether they may review', 'GET', '/api/v1/reviews/eligibility/1'],
  ];

  it.each(routes)('a guest cannot %s (401)', async (_, method, url, payload) => {
    expectProblem(await call(method, url, undefined, payload), 401);
  });

  it.each(routes)('staff cannot %s (403)', async (_, method, url, payload) => {
    expectProblem(await call(method, url, await createStaff(t, RoleName.Admin), payload), 403);
  });

  it('anyone may read a book’s reviews', async () => {
    expect((await call('GET', `/api/v1/reviews/${emma}`)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/reviews', () => {
  it('refuses a customer who did not buy the book (403 with the reason), and a Pending order is not enough', async () => {
    await clearReviews();
    const res = await post(dave, {});
    expectProblem(res, 403);
    expect(res.json().detail).toBe(ReviewMessages.notPurchased);

    const address = await addAddress(t, dave);
    await fillCart(t, dave, { [unread]: 1 });
    await checkout(t, dave, address);
    expectProblem(await post(dave, { bookId: unread }), 403);
    expect((await reviewsOf(unread)).data).toEqual([]);
  });

  it('creates the review (201) and changes the book’s rating, count and bars', async () => {
    await resetRatings();
    const review = await create(alice, { rating: 4 });
    expect(review).toMatchObject({
      bookId: emma,
      bookTitle: 'Emma',
      ...valid,
      rating: 4,
      userName: alice.userName,
      isVerifiedPurchase: true,
      isHidden: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await ratingOf('Emma')).toEqual({
      rating: 4,
      count: 1,
      summary: [4, 1],
      perStar: { 5: 0, 4: 1, 3: 0, 2: 0, 1: 0 },
    });
    await create(bob, { rating: 5 });
    await create(carol, { rating: 2 });
    expect(await ratingOf('Emma')).toEqual({
      rating: 3.67,
      count: 3,
      summary: [3.67, 3],
      perStar: { 5: 1, 4: 1, 3: 0, 2: 1, 1: 0 },
    });
  });

  it('refuses a second review of the same book (409), keeping the first', async () => {
    await clearReviews();
    const first = await create(alice);
    const res = await post(alice, { subject: 'Again', rating: 1 });
    expectProblem(res, 409);
    expect(res.json().detail).toBe(ReviewMessages.alreadyReviewed);
    expect((await reviewsOf(emma)).data.map((r) => [r.id, r.rating])).toEqual([[first.id, 5]]);
  });

  it('answers an unknown book with 404', async () => {
    expectProblem(await post(alice, { bookId: 999_999 }), 404);
  });

  it.each([[0], [6], [4.5], ['5'], [null], [undefined]])('rejects rating %j (400 naming rating)', async (rating) => {
    await clearReviews();
    const res = await post(alice, { rating });
    expectValidationError(
      res,
      'rating',
      rating === undefined ? ReviewMessages.ratingRequired : ReviewMessages.ratingInvalid,
    );
    expect((await reviewsOf(emma)).data).toEqual([]);
  });

  it.each([
    ['subject', 'ab', ReviewMessages.subjectMin],
    ['subject', '   ', ReviewMessages.subjectRequired],
    ['subject', 'x'.repeat(REVIEW_SUBJECT_MAX + 1), ReviewMessages.subjectMax],
    ['comment', 'Too short', ReviewMessages.commentMin],
    ['comment', 'y'.repeat(REVIEW_COMMENT_MAX + 1), ReviewMessages.commentMax],
    ['comment', undefined, ReviewMessages.commentRequired],
  ])('rejects %s %j', async (field, value, message) => {
    await clearReviews();
    expectValidationError(await post(alice, { [field]: value }), field, message);
    expect((await reviewsOf(emma)).data).toEqual([]);
  });

  it('accepts the length bounds exactly', async () => {
    await clearReviews();
    await create(alice, { subject: 'abc', comment: 'z'.repeat(REVIEW_COMMENT_MAX) });
    await create(bob, { subject: 's'.repeat(REVIEW_SUBJECT_MAX), comment: '0123456789' });
  });

  it('keeps script and markup verbatim', async () => {
    await clearReviews();
    const hostile = {
      subject: '<script>alert(1)</script>',
      comment: '<img src=x onerror=alert(1)> & "quotes" \'too\'',
    };
    const review = await create(alice, hostile);
    expect(review).toMatchObject(hostile);
    expect((await reviewsOf(emma)).data[0]).toMatchObject(hostile);
  });
});

describe('PUT and DELETE /api/v1/reviews', () => {
  it('edits the author’s review in place and the rating follows', async () => {
    await resetRatings();
    const mine = await create(alice, { rating: 5 });
    await create(bob, { rating: 3 });
    const res = await call('PUT', '/api/v1/reviews', alice, {
      id: mine.id,
      subject: 'Second thoughts',
      comment: 'On a reread it drags in the middle.',
      rating: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, subject: 'Second thoughts', rating: 1, createdAt: mine.createdAt });
    expect(Date.parse(res.json<OwnReview>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(mine.updatedAt));
    expect(await ratingOf('Emma')).toEqual({
      rating: 2,
      count: 2,
      summary: [2, 2],
      perStar: { 5: 0, 4: 0, 3: 1, 2: 0, 1: 1 },
    });
  });

  it('deletes the author’s review (204) and the rating follows', async () => {
    await resetRatings();
    const mine = await create(alice, { rating: 5 });
    await create(bob, { rating: 3 });
    expect((await call('DELETE', `/api/v1/reviews/${mine.id}`, alice)).statusCode).toBe(204);
    expect(await ratingOf('Emma')).toMatchObject({ rating: 3, count: 1, summary: [3, 1] });
    expectProblem(await call('DELETE', `/api/v1/reviews/${mine.id}`, alice), 404);
    // The last review gone: no rating at all.
    const [bobs] = (await reviewsOf(emma)).data;
    await call('DELETE', `/api/v1/reviews/${bobs!.id}`, bob);
    expect(await ratingOf('Emma')).toMatchObject({ rating: 0, count: 0 });
  });

  it('cannot edit or delete another customer’s review (404, nothing changed)', async () => {
    await clearReviews();
    const mine = await create(alice, { rating: 5 });
    const edit = await call('PUT', '/api/v1/reviews', bob, { id: mine.id, ...valid, rating: 1 });
    expectProblem(edit, 404);
    expect(edit.json().detail).toBe(ReviewMessages.notFound);
    expectProblem(await call('DELETE', `/api/v1/reviews/${mine.id}`, bob), 404);
    expect((await reviewsOf(emma)).data).toMatchObject([{ id: mine.id, rating: 5, subject: valid.subject }]);
  });

  it('validates edits like new reviews', async () => {
    await clearReviews();
    const mine = await create(alice);
    expectValidationError(await call('PUT', '/api/v1/reviews', alice, { id: mine.id, ...valid, rating: 0 }), 'rating');
    expectValidationError(await call('PUT', '/api/v1/reviews', alice, { ...valid, id: 'x' }), 'id');
    expectValidationError(await call('DELETE', '/api/v1/reviews/1.5', alice), 'id');
    expectProblem(await call('PUT', '/api/v1/reviews', alice, { id: 999_999, ...valid }), 404);
  });
});

describe('GET /api/v1/reviews/{bookId}', () => {
  let ids: { alice: number; bob: number; carol: number };

  beforeAll(async () => {
    await resetRatings();
    ids = {
      alice: (await create(alice, { rating: 4 })).id,
      bob: (await create(bob, { rating: 5 })).id,
      carol: (await create(carol, { rating: 1 })).id,
    };
  });

  it('pages the reviews newest first with the listed fields', async () => {
    const page = await reviewsOf(emma, '?pageSize=5');
    expect(page.data.map((r) => r.id)).toEqual([ids.carol, ids.bob, ids.alice]);
    expect(page.paginationDetails).toEqual({ currentPage: 1, totalPages: 1, noOfRecords: 3, pageSize: 5 });
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      [
        'id',
        'bookId',
        'subject',
        'comment',
        'rating',
        'userName',
        'createdAt',
        'updatedAt',
        'isVerifiedPurchase',
      ].sort(),
    );
    expect(page).toMatchObject({ ratingAverage: 3.33, ratingCount: 3 });
  });

  it('sorts by highest or lowest rating and filters one star value', async () => {
    expect((await reviewsOf(emma, '?sort=highest')).data.map((r) => r.rating)).toEqual([5, 4, 1]);
    expect((await reviewsOf(emma, '?sort=lowest')).data.map((r) => r.rating)).toEqual([1, 4, 5]);
    const fives = await reviewsOf(emma, '?rating=5');
    expect(fives.data.map((r) => r.id)).toEqual([ids.bob]);
    expect(fives.paginationDetails.noOfRecords).toBe(1);
    // The bars describe the whole book, whatever the filter.
    expect(fives.ratingCount).toBe(3);
  });

  it('rejects a bad sort or rating filter and answers an unknown book with 404', async () => {
    expectValidationError(await call('GET', `/api/v1/reviews/${emma}?sort=best`), 'sort');
    expectValidationError(await call('GET', `/api/v1/reviews/${emma}?rating=6`), 'rating');
    expectValidationError(await call('GET', `/api/v1/reviews/${emma}?rating=2.5`), 'rating');
    expectProblem(await call('GET', '/api/v1/reviews/999999'), 404);
  });

  it('marks a review whose order was later cancelled as no longer a verified purchase', async () => {
    await t.db.execute(sql`update orders set status = 3 where customer_id = ${carol.id}`);
    try {
      const page = await reviewsOf(emma);
      expect(page.data.find((r) => r.id === ids.carol)?.isVerifiedPurchase).toBe(false);
      expect(page.data.find((r) => r.id === ids.bob)?.isVerifiedPurchase).toBe(true);
    } finally {
      await t.db.execute(sql`update orders set status = 2 where customer_id = ${carol.id}`);
    }
  });

  it('review-by answers the caller’s own review, or 200 with null before they wrote one', async () => {
    const res = await call('GET', `/api/v1/reviews/review-by/${emma}`, bob);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.bob, bookTitle: 'Emma', rating: 5 });
    for (const [who, bookId] of [
      [dave, emma],
      [bob, persuasion],
    ] as const) {
      const none = await call('GET', `/api/v1/reviews/review-by/${bookId}`, who);
      expect(none.statusCode).toBe(200);
      expect(none.headers['content-type']).toMatch(/^application\/json/);
      expect(none.json()).toBeNull();
    }
  });

  it('eligibility tells the book page what to offer', async () => {
    const ask = async (who: TestAccount, bookId: number) =>
      (await call('GET', `/api/v1/reviews/eligibility/${bookId}`, who)).json();
    expect(await ask(alice, emma)).toEqual({ hasPurchased: true, reviewId: ids.alice });
    expect(await ask(alice, persuasion)).toEqual({ hasPurchased: true, reviewId: null });
    expect(await ask(dave, emma)).toEqual({ hasPurchased: false, reviewId: null });
  });

  it('mine lists the caller’s reviews newest first, with the book title', async () => {
    const persuasionReview = await create(alice, { bookId: persuasion, rating: 3 });
    const res = await call('GET', '/api/v1/reviews/mine', alice);
    expect(res.statusCode).toBe(200);
    const page = res.json<MyReviewsPage>();
    expect(page.data.map((r) => [r.id, r.bookTitle])).toEqual([
      [persuasionReview.id, 'Persuasion'],
      [ids.alice, 'Emma'],
    ]);
    expect((await call('GET', '/api/v1/reviews/mine', dave)).json<MyReviewsPage>().data).toEqual([]);
    await call('DELETE', `/api/v1/reviews/${persuasionReview.id}`, alice);
  });
});

describe('staff moderation', () => {
  let supervisor: TestAccount;
  let admin: TestAccount;
  let user: TestAccount;
  let abusive: OwnReview;

  beforeAll(async () => {
    [supervisor, admin, user] = await Promise.all([
      createStaff(t, RoleName.Supervisor),
      createStaff(t, RoleName.Admin),
      createStaff(t, RoleName.User),
    ]);
    await resetRatings();
    await create(alice, { rating: 4 });
    abusive = await create(bob, { rating: 1, subject: 'Rubbish', comment: 'Something abusive goes here.' });
  });

  const routes: [string, Method, () => string, unknown?][] = [
    ['list reviews', 'GET', () => '/api/v1/staff/reviews'],
    ['hide a review', 'PATCH', () => `/api/v1/staff/reviews/${abusive.id}`, { hidden: true }],
  ];

  it.each(routes)('only Supervisors and Admins may %s', async (_, method, url, payload) => {
    expectProblem(await call(method, url(), undefined, payload), 401);
    expectProblem(await call(method, url(), alice, payload), 403);
    expectProblem(await call(method, url(), user, payload), 403);
    expectProblem(await call(method, url(), await createStaff(t, RoleName.NewUser), payload), 403);
    expect((await call(method, url(), supervisor, payload)).statusCode).toBe(200);
    expect((await call(method, url(), admin, payload)).statusCode).toBe(200);
    await call('PATCH', `/api/v1/staff/reviews/${abusive.id}`, admin, { hidden: false });
  });

  it('hiding takes the review out of the list and the average; showing it puts it back', async () => {
    expect(await ratingOf('Emma')).toMatchObject({ rating: 2.5, count: 2 });
    const hide = await call('PATCH', `/api/v1/staff/reviews/${abusive.id}`, supervisor, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json<StaffReview>()).toMatchObject({
      id: abusive.id,
      isHidden: true,
      hiddenAt: expect.any(String),
      customerEmail: bob.emailAddress,
      bookTitle: 'Emma',
    });
    expect(await ratingOf('Emma')).toEqual({
      rating: 4,
      count: 1,
      summary: [4, 1],
      perStar: { 5: 0, 4: 1, 3: 0, 2: 0, 1: 0 },
    });
    expect((await reviewsOf(emma)).data.map((r) => r.id)).not.toContain(abusive.id);
    // The author still sees it, marked hidden; editing does not bring it back.
    expect((await call('GET', `/api/v1/reviews/review-by/${emma}`, bob)).json()).toMatchObject({ isHidden: true });
    await call('PUT', '/api/v1/reviews', bob, { id: abusive.id, ...valid, rating: 2 });
    expect(await ratingOf('Emma')).toMatchObject({ rating: 4, count: 1 });

    const show = await call('PATCH', `/api/v1/staff/reviews/${abusive.id}`, admin, { hidden: false });
    expect(show.json()).toMatchObject({ isHidden: false, hiddenAt: null });
    expect(await ratingOf('Emma')).toMatchObject({ rating: 3, count: 2, summary: [3, 2] });
  });

  it('lists every review newest first, filtered by hidden', async () => {
    await call('PATCH', `/api/v1/staff/reviews/${abusive.id}`, admin, { hidden: true });
    const all = (await call('GET', '/api/v1/staff/reviews', supervisor)).json<StaffReviewPage>();
    expect(all.data.map((r) => r.id)[0]).toBe(abusive.id);
    expect(all.paginationDetails.noOfRecords).toBe(2);
    const hidden = (await call('GET', '/api/v1/staff/reviews?hidden=true', supervisor)).json<StaffReviewPage>();
    expect(hidden.data.map((r) => r.id)).toEqual([abusive.id]);
    const shown = (await call('GET', '/api/v1/staff/reviews?hidden=false', supervisor)).json<StaffReviewPage>();
    expect(shown.data.map((r) => r.id)).not.toContain(abusive.id);
    await call('PATCH', `/api/v1/staff/reviews/${abusive.id}`, admin, { hidden: false });
  });

  it('rejects bad input and an unknown review', async () => {
    expectValidationError(await call('GET', '/api/v1/staff/reviews?hidden=maybe', admin), 'hidden');
    expectValidationError(
      await call('PATCH', `/api/v1/staff/reviews/${abusive.id}`, admin, { hidden: 'yes' }),
      'hidden',
    );
    expectProblem(await call('PATCH', '/api/v1/staff/reviews/999999', admin, { hidden: true }), 404);
  });
});

describe('account deletion', () => {
  it('removes the customer’s reviews and their ratings', async () => {
    await resetRatings();
    const erin = await createCustomer(t);
    await completePurchase(t, erin, [emma]);
    await create(erin, { rating: 1 });
    await create(alice, { rating: 5 });
    expect(await ratingOf('Emma')).toMatchObject({ rating: 3, count: 2 });
    const res = await call('DELETE', '/api/v1/customers/account', erin, { password: erin.password });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await ratingOf('Emma')).toMatchObject({ rating: 5, count: 1 });
  });
});
