import { deliveryOptions, DeliveryMethodCode } from '@bookshop/contracts/delivery';
import { sql } from 'drizzle-orm';
import { ensureSeedCustomers } from '../modules/auth/admin-accounts-service.ts';
import { setBookRatings } from '../modules/catalogue/ratings-service.ts';
import { listBookPrices } from '../modules/catalogue/service.ts';
import { SESSION_LIFETIME_MS } from '../modules/checkout/service.ts';
import { recordPaidOrders, recordPastDeliveries } from '../modules/orders/lifecycle.ts';
import { addSeedReviews, aggregateRatings, hasAnyReview } from '../modules/reviews/service.ts';
import type { Database, Tx } from '../platform/db.ts';
import { DEMO_BOOKS, type DemoBook } from './demo-books.ts';
import { SEED_LOCK_ID } from './demo-catalogue.ts';

/**
 * The demo shop's ratings come from real reviews (docs/decisions/040): a few invented readers
 * bought the books in Completed orders long enough ago to stay out of the dashboard's 30 days,
 * then reviewed them, so every review is a verified purchase and every book's stored rating is
 * the aggregate of its reviews, computed by the reviews module's own query.
 */

/** The readers. No password: nobody can log in as them, and they are not demo logins. */
export const DEMO_READERS = [
  ['Amal', 'Haddad', 'amal.reads'],
  ['Ben', 'Carter', 'bencarter'],
  ['Chloe', 'Martin', 'chloe_m'],
  ['Daniel', 'Okafor', 'dokafor'],
  ['Elena', 'Petrova', 'elena.p'],
  ['Farid', 'Nasser', 'faridn'],
  ['Grace', 'Lim', 'gracelim'],
  ['Hassan', 'Ali', 'hassan.ali'],
  ['Isabel', 'Ruiz', 'isaruiz'],
  ['James', 'Walsh', 'jwalsh'],
  ['Kavya', 'Menon', 'kavya.m'],
  ['Leila', 'Said', 'leilasaid'],
].map(([firstName, lastName, userName], i) => ({
  emailAddress: `reader${i + 1}@bookshop.local`,
  userName: userName!,
  firstName: firstName!,
  lastName: lastName!,
}));

/** Subjects and comments per star level; plain, about the reading, never about anyone real. */
const TEMPLATES: Record<number, [subject: string, comment: string][]> = {
  5: [
    [
      'An absolute favourite',
      'I could not put it down. Every chapter pulled me further in, and the ending stayed with me for days.',
    ],
    ['Worth every page', 'Beautifully written and still fresh. I will be giving copies of this to friends.'],
    [
      'A true classic',
      'I finally read it and understand why people still talk about it. Rich, moving and surprisingly funny.',
    ],
    [
      'Read it twice already',
      'The second reading was even better than the first; I kept noticing details I had missed.',
    ],
    ['Superb', 'Characters that feel alive and a story that earns every twist. The edition is lovely to hold, too.'],
    [
      'Highly recommended',
      'A wonderful book for a long weekend. It made me want to read everything else by the author.',
    ],
  ],
  4: [
    ['Very good read', 'Slow to start, but once it got going I was hooked. A few long passages, otherwise excellent.'],
    [
      'Glad I read it',
      'Thoughtful and well paced. Not every chapter landed for me, but the best ones are unforgettable.',
    ],
    [
      'Solid and rewarding',
      'It asks for some patience, and it pays it back. The print is clear and the copy arrived in perfect shape.',
    ],
    [
      'Enjoyed it a lot',
      'Memorable characters and a strong ending. I would have cut a chapter or two, but I recommend it.',
    ],
    ['A good companion', 'I read it over a couple of weeks on my commute and looked forward to it every morning.'],
    [
      'Better than expected',
      'I was not sure an older book would hold my attention, but this one did, nearly all the way through.',
    ],
  ],
  3: [
    [
      'Good, not great',
      'Some wonderful moments, but the middle dragged and I skimmed a few pages. Still worth trying.',
    ],
    [
      'Mixed feelings',
      'I admired the writing more than I enjoyed the story. Others in my book club liked it more than I did.',
    ],
    ['Worth a try', 'Interesting ideas, a bit dated in places. I am glad to have read it once.'],
    ['Decent read', 'It has its moments. The language takes some getting used to, and the pace is uneven.'],
  ],
  2: [
    [
      'Not for me',
      'I wanted to like it, but I struggled to care about the characters and gave up twice before finishing.',
    ],
    ['Hard going', 'Very slow for my taste. I can see why it is admired, but I would not read it again.'],
  ],
  1: [
    [
      'Could not finish it',
      'The style did not work for me at all, and I stopped halfway through. Perhaps another time.',
    ],
  ],
};

/** Readers per book; one demo book in ten gets none, so the shop also shows a book nobody reviewed yet. */
const MIN_REVIEWS = 2;
const MAX_REVIEWS = 6;
const UNREVIEWED_EVERY = 10;
/** Books per reader's order: a reader reviews dozens of books, bought over a handful of orders. */
const BOOKS_PER_ORDER = 12;
/** Orders were paid 40 to 120 days ago, outside the dashboard's 30-day figures. */
const PAID_DAYS_AGO = [40, 120] as const;
const DAY_MS = 86_400_000;

/** Creates the demo reviews when there are none yet; returns how many it added. */
export async function seedDemoReviewsIfEmpty(
  db: Database,
  options: { demoBooks?: DemoBook[]; now?: Date } = {},
): Promise<number> {
  const demoBooks = options.demoBooks ?? DEMO_BOOKS;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasAnyReview(tx)) return 0;

    const targets = new Map(demoBooks.map((book) => [book.title.toLowerCase(), book.rating]));
    const shopBooks = (await listBookPrices(tx)).filter((book) => targets.has(book.title.toLowerCase()));
    if (shopBooks.length === 0) return 0;

    const readerIds = await ensureReaders(tx, now);
    const random = mulberry32(20261124);
    const planned = planReviews(shopBooks, targets, readerIds.length, random);
    const orderIds = await insertOrders(tx, planned, readerIds, now, random);

    await addSeedReviews(
      tx,
      planned.map((review) => {
        const order = orderIds.get(review.order)!;
        const createdAt = new Date(order.paidAt.getTime() + (3 + Math.floor(random() * 25)) * DAY_MS);
        return {
          bookId: review.book.id,
          customerId: readerIds[review.reader]!,
          subject: review.subject,
          comment: review.comment,
          rating: review.rating,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    // Every demo book, the unreviewed ones too: a shop seeded before reviews existed drops its invented figures.
    await setBookRatings(
      tx,
      await aggregateRatings(
        shopBooks.map((book) => book.id),
        { tx },
      ),
    );
    return planned.length;
  });
}

/** The carriers the readers' parcels came by, in turn; the shop's van has no tracking number. */
const PAST_CARRIERS = ['aramex', 'emirates-post', 'dhl-express', 'shop-courier'] as const;
const HOUR_MS = 3_600_000;

/**
 * The readers reviewed their books, so their orders arrived (decision 084): each is delivered in
 * one parcel, handed to a carrier the next day and delivered two days after payment, before any
 * review. Also reaches demo shops seeded before fulfilment existed, whose orders would otherwise
 * fill staff's 'To ship' with parcels months old; real customers' orders are never touched.
 * Answers how many orders it recorded.
 */
export async function seedDemoDeliveriesIfMissing(db: Database, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await hasAnyReview(tx))) return 0;
    return recordPastDeliveries(tx, await ensureReaders(tx, now), ({ id, paidAt }, i) => {
      const carrier = PAST_CARRIERS[i % PAST_CARRIERS.length]!;
      return {
        carrier,
        trackingNumber: carrier === 'shop-courier' ? null : `${carrier.slice(0, 3).toUpperCase()}${100_000 + id}`,
        shippedAt: new Date(paidAt.getTime() + 20 * HOUR_MS),
        deliveredAt: new Date(paidAt.getTime() + 2 * DAY_MS + (i % 6) * HOUR_MS),
      };
    });
  });
}

type ShopBook = {
  id: number;
  title: string;
  priceFils: number;
  discountPercentage: string;
  discountedPriceFils: number | null;
  imageKey: string | null;
};
type PlannedReview = {
  book: ShopBook;
  reader: number;
  /** `reader:n`, the reader's n-th order. */
  order: string;
  rating: number;
  subject: string;
  comment: string;
};

/** Who reviews which book with how many stars and which words; each reader's books split into orders. */
function planReviews(
  shopBooks: ShopBook[],
  targets: Map<string, number>,
  readers: number,
  random: () => number,
): PlannedReview[] {
  const planned: Omit<PlannedReview, 'order'>[] = [];
  for (const [i, book] of shopBooks.entries()) {
    if (i % UNREVIEWED_EVERY === UNREVIEWED_EVERY - 1) continue;
    const n = MIN_REVIEWS + Math.floor(random() * (MAX_REVIEWS - MIN_REVIEWS + 1));
    const reviewers = shuffle([...Array(readers).keys()], random).slice(0, n);
    const stars = shuffle(ratingsAveraging(targets.get(book.title.toLowerCase())!, n, random), random);
    const used = new Set<string>();
    for (const [j, reader] of reviewers.entries()) {
      const rating = stars[j]!;
      const choices = TEMPLATES[rating]!;
      // Different words for each review of one book while its star level has any left.
      const start = Math.floor(random() * choices.length);
      const offset = choices.findIndex((_, k) => !used.has(`${rating}:${(start + k) % choices.length}`));
      const pick = (start + Math.max(offset, 0)) % choices.length;
      used.add(`${rating}:${pick}`);
      const [subject, comment] = choices[pick]!;
      planned.push({ book, reader, rating, subject, comment });
    }
  }
  const seen = new Map<number, number>();
  return planned.map((review) => {
    const k = seen.get(review.reader) ?? 0;
    seen.set(review.reader, k + 1);
    return { ...review, order: `${review.reader}:${Math.floor(k / BOOKS_PER_ORDER)}` };
  });
}

/**
 * `n` whole-star ratings whose mean is the closest to `target` that n ratings allow, spread a
 * little (one pair moved apart) so a book's reviews are not all alike.
 */
export function ratingsAveraging(target: number, n: number, random: () => number = Math.random): number[] {
  const total = Math.min(5 * n, Math.max(n, Math.round(target * n)));
  const stars = Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
  // The higher stars come first, so `up` and `down` are equal and moving them apart widens the spread.
  const up = stars.findIndex((s) => s < 5);
  const down = stars.findLastIndex((s, i) => s > 1 && i !== up && s <= stars[up]!);
  if (n >= 3 && up >= 0 && down >= 0 && random() < 0.6) {
    stars[up]! += 1;
    stars[down]! -= 1;
  }
  return stars;
}

/** The readers' accounts, created where missing; their ids in DEMO_READERS' order. */
function ensureReaders(tx: Tx, now: Date): Promise<number[]> {
  // Customers for months already, so they do not count as new customers on the dashboard.
  return ensureSeedCustomers(tx, DEMO_READERS, new Date(now.getTime() - (PAID_DAYS_AGO[1] + 30) * DAY_MS));
}

/** One Completed order per planned order key, with its lines and history; answers each key's id and payment time. */
async function insertOrders(
  tx: Tx,
  planned: PlannedReview[],
  readerIds: number[],
  now: Date,
  random: () => number,
): Promise<Map<string, { id: number; paidAt: Date }>> {
  const lines = new Map<string, ShopBook[]>();
  for (const review of planned) lines.set(review.order, [...(lines.get(review.order) ?? []), review.book]);

  const [fromDays, toDays] = PAID_DAYS_AGO;
  const rows = [...lines].map(([key, items], i) => {
    // Whole minutes apart per order, so (customer, created) names one order.
    const daysAgo = fromDays + random() * (toDays - fromDays);
    const paidAt = new Date(Math.floor((now.getTime() - daysAgo * DAY_MS) / 60_000) * 60_000 - i * 60_000);
    const createdAt = new Date(paidAt.getTime() - 4 * 60_000);
    const itemsTotalFils = sum(items, (book) => book.priceFils);
    const paidFils = sum(items, (book) => book.discountedPriceFils ?? book.priceFils);
    const standard = deliveryOptions({ itemsTotalFils: paidFils, allItemsNextDayEligible: false }).find(
      (option) => option.code === DeliveryMethodCode.Standard,
    )!;
    return {
      key,
      order: {
        customerId: readerIds[Number(key.split(':')[0])]!,
        createdAt,
        paidAt,
        updatedAt: paidAt,
        expiresAt: new Date(createdAt.getTime() + SESSION_LIFETIME_MS),
        deliveryMethodCode: standard.code,
        deliveryMethodName: standard.name,
        deliveryFeeFils: standard.feeFils,
        itemsTotalFils,
        discountTotalFils: itemsTotalFils - paidFils,
        totalFils: paidFils + standard.feeFils,
        address: `${10 + (i % 80)} Al Wasl Road, Villa ${1 + (i % 40)}`,
        country: 'AE',
        city: 'Dubai',
        emirate: 'Dubai' as const,
        phoneNo: `050 555 ${String(1000 + i).slice(-4)}`,
        provider: 'sandbox',
        // Nothing to look up at a provider: these payments never happened there.
        providerSessionId: null,
      },
      items: items.map((book) => ({
        bookId: book.id,
        title: book.title,
        imageKey: book.imageKey,
        priceFils: book.priceFils,
        discountPercentage: book.discountPercentage,
        discountedPriceFils: book.discountedPriceFils ?? book.priceFils,
        quantity: 1,
      })),
    };
  });

  const recorded = await recordPaidOrders(tx, rows);
  return new Map(rows.map((row, i) => [row.key, recorded[i]!]));
}

const sum = <T>(items: T[], value: (item: T) => number) => items.reduce((total, item) => total + value(item), 0);

/** A small seeded PRNG (mulberry32): the same demo reviews on every fresh shop. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
