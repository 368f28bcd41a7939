import type { Book } from '@bookshop/contracts/catalogue';
import type { Review } from '@bookshop/contracts/reviews';
import { count, sql } from 'drizzle-orm';
import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEMO_ACCOUNTS } from '../modules/auth/admin-accounts-service.ts';
import { FULFILMENT_MAIL_JOB } from '../modules/orders/fulfilment.ts';
import { orders } from '../modules/orders/schema.ts';
import { rows } from '../platform/db.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { DEMO_BOOKS } from './demo-books.ts';
import { DEMO_READERS, ratingsAveraging, seedDemoDeliveriesIfMissing } from './demo-reviews.ts';
import { seedDemoArabicIfMissing } from './demo-catalogue.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { createImageStore } from '../platform/storage.ts';

let t: TestApp;
let books: Book[];
const logged: string[] = [];

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function allBooks(): Promise<Book[]> {
  const found: Book[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = (await get(`/api/v1/books?pageSize=25&pageNo=${pageNo}`)).json();
    found.push(...page.data);
    if (pageNo >= page.paginationDetails.totalPages) return found;
  }
}

/** Written independently of the seed's ISBN helper, so a shared mistake cannot hide. */
function hasValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  const digits = [...isbn].map(Number);
  const weighted = digits.reduce((sum, digit, i) => sum + digit * (i % 2 === 0 ? 1 : 3), 0);
  return weighted % 10 === 0;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.config, (message) => logged.push(message));
  books = await allBooks();
}, 120_000);
afterAll(() => t.close());

describe('demo catalogue seed', () => {
  it('logs what it made and fills the shop with a varied catalogue', async () => {
    expect(logged).toHaveLength(4);
    expect(logged[0]).toMatch(/demo catalogue: \d+ books/);
    expect(logged[1]).toMatch(/demo accounts: admin@bookshop.local, customer@bookshop.local/);
    expect(logged[2]).toMatch(/Seeded \d+ demo reviews/);
    expect(logged[3]).toMatch(/Recorded \d+ demo orders as delivered/);

    expect(books.length).toBeGreaterThanOrEqual(150);
    expect(new Set(books.map((b) => b.title.toLowerCase())).size).toBe(books.length);
    expect((await get('/api/v1/genres')).json().length).toBeGreaterThanOrEqual(12);
    expect((await get('/api/v1/authors')).json().length).toBeGreaterThanOrEqual(60);

    expect(books.filter((b) => !b.isInStock).length).toBeGreaterThanOrEqual(10);
    expect(books.filter((b) => b.discountPercentage > 0).length).toBeGreaterThanOrEqual(20);
    expect(books.filter((b) => b.price > 150).length).toBeGreaterThanOrEqual(15);
    expect(books.filter((b) => b.isNextDayDeliveryEligible).length).toBeGreaterThanOrEqual(30);
    expect(books.some((b) => !Number.isInteger(b.discountPercentage))).toBe(true);
  });

  it('gives every book a description, a valid ISBN-13, a sane price and rating', () => {
    for (const book of books) {
      expect(book.description.length, book.title).toBeGreaterThan(60);
      expect(hasValidIsbn13(book.isbn), `${book.title}: ${book.isbn}`).toBe(true);
      expect(book.price, book.title).toBeGreaterThanOrEqual(15);
      expect(book.price, book.title).toBeLessThanOrEqual(400);
      expect(book.discountPercentage, book.title).toBeLessThanOrEqual(40);
      expect(book.rating, book.title).toBeGreaterThanOrEqual(0);
      expect(book.rating, book.title).toBeLessThanOrEqual(5);
      expect(book.authors.length, book.title).toBeGreaterThan(0);
      expect(book.genres.length, book.title).toBeGreaterThan(0);
    }
    expect(new Set(books.map((b) => b.isbn)).size).toBe(books.length);
  });

  it('stores a generated WebP cover at every width for every book', async () => {
    for (const book of books) {
      expect(book.mainImageURL, book.title).toMatch(/^\/images\/books\/.+-400\.webp$/);
      for (const width of IMAGE_WIDTHS) {
        const res = await get(book.mainImageURL!.replace(/-400\.webp$/, `-${width}.webp`));
        expect(res.statusCode, `${book.title} at ${width}px`).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        // Covers are portrait, roughly 2:3.
        expect(meta.height / meta.width).toBeCloseTo(1.5, 1);
      }
    }
  });

  it('has the famous books customers will look for', async () => {
    const famous = [
      'Pride and Prejudice',
      'Crime and Punishment',
      'War and Peace',
      'Anna Karenina',
      'Moby-Dick',
      'Don Quixote',
      'Frankenstein',
      'Dracula',
      'The Great Gatsby',
      'Jane Eyre',
      'Wuthering Heights',
      'Les Misérables',
      'The Odyssey',
      'Hamlet',
      "Alice's Adventures in Wonderland",
      'The Adventures of Sherlock Holmes',
      'The Count of Monte Cristo',
      'The Brothers Karamazov',
      'Meditations',
      'The Art of War',
    ];
    for (const title of famous) {
      const res = await get(`/api/v1/books/${encodeURIComponent(title)}`);
      expect(res.statusCode, title).toBe(200);
      expect(res.json().mainImageURL, title).not.toBeNull();
    }
  });

  it('is found by search, typos included', async () => {
    const titles = async (keyword: string) =>
      (await get(`/api/v1/books/search-books?keyword=${encodeURIComponent(keyword)}`))
        .json()
        .map((r: { title: string }) => r.title);
    expect(await titles('pride and prejudise')).toContain('Pride and Prejudice');
    expect(await titles('dostoevksy')).toContain('Crime and Punishment');
  });

  it('adds nothing when run again', async () => {
    const genres = (await get('/api/v1/genres')).json().length;
    const authors = (await get('/api/v1/authors')).json().length;

    const reviewCount = async () => Number((await t.db.select({ n: count() }).from(reviews))[0]!.n);
    const orderCount = async () => Number((await t.db.select({ n: count() }).from(orders))[0]!.n);
    const [reviewsBefore, ordersBefore] = [await reviewCount(), await orderCount()];

    await seedDemoIfEmpty(t.db, t.config, (message) => logged.push(message));

    expect(logged).toHaveLength(4);
    expect(await reviewCount()).toBe(reviewsBefore);
    expect(await orderCount()).toBe(ordersBefore);
    expect((await get('/api/v1/books')).json().paginationDetails.noOfRecords).toBe(books.length);
    expect((await get('/api/v1/genres')).json().length).toBe(genres);
    expect((await get('/api/v1/authors')).json().length).toBe(authors);
  });

  it("rates every demo book from its verified reviews, close to the catalogue's intended rating", async () => {
    const target = new Map(DEMO_BOOKS.map((book) => [book.title, book.rating]));
    let reviewed = 0;
    for (const book of books) {
      const shown: Review[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = (await get(`/api/v1/reviews/${book.id}?pageSize=25&pageNo=${pageNo}`)).json();
        shown.push(...page.data);
        if (pageNo >= page.paginationDetails.totalPages) break;
      }
      const average = shown.reduce((sum, review) => sum + review.rating, 0) / (shown.length || 1);
      expect(book.ratingCount, book.title).toBe(shown.length);
      expect(book.rating, book.title).toBe(Number(average.toFixed(2)));
      for (const review of shown) {
        expect(review.isVerifiedPurchase, `${book.title} by ${review.userName}`).toBe(true);
        expect(review.subject.length).toBeGreaterThanOrEqual(3);
        expect(review.comment.length).toBeGreaterThanOrEqual(10);
      }
      if (shown.length === 0) continue;
      reviewed++;
      expect(shown.length, book.title).toBeLessThanOrEqual(6);
      expect(shown.length, book.title).toBeGreaterThanOrEqual(2);
      expect(Math.abs(book.rating - target.get(book.title)!), book.title).toBeLessThanOrEqual(0.25);
    }
    // Most books are reviewed; a few are left for the "No reviews yet" state.
    expect(reviewed).toBeGreaterThanOrEqual(books.length * 0.85);
    expect(reviewed).toBeLessThan(books.length);
  });

  it('buys the reviewed books in Completed orders paid outside the dashboard’s 30 days, by readers nobody can log in as', async () => {
    const paid = await t.db
      .select({ status: orders.status, paidAt: orders.paidAt, total: orders.totalFils })
      .from(orders);
    expect(paid.length).toBeGreaterThan(0);
    const day = 86_400_000;
    for (const order of paid) {
      expect(order.status).toBe(2);
      expect(Date.now() - order.paidAt!.getTime()).toBeGreaterThanOrEqual(40 * day);
      expect(Date.now() - order.paidAt!.getTime()).toBeLessThanOrEqual(121 * day);
      expect(order.total).toBeGreaterThan(0);
    }
    for (const reader of DEMO_READERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers/login',
        payload: { emailAddress: reader.emailAddress, password: 'Demo-customer1!' },
      });
      expect(res.statusCode, reader.emailAddress).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, reader.emailAddress).toBeLessThan(500);
    }
  });

  it('delivered every reviewed order in a parcel before its review, mailing nobody; none is left to ship', async () => {
    const parcels = await rows<{
      order_id: number;
      fulfilment: string;
      carrier: string;
      tracking: string | null;
      paid: Date;
      delivered: Date;
      first_review: Date;
      mailed: boolean;
    }>(
      t.db,
      sql`select o.id as order_id, o.fulfilment_status as fulfilment, s.carrier, s.tracking_number as tracking,
                 o.paid_at as paid, s.delivered_at as delivered,
                 (select min(r.created_at) from reviews r join order_items i on i.book_id = r.book_id and i.order_id = o.id
                   where r.customer_id = o.customer_id) as first_review,
                 (s.shipped_mailed_at is not null and o.delivered_mailed_at is not null) as mailed
          from orders o left join shipments s on s.order_id = o.id order by o.id`,
    );
    expect(parcels.length).toBeGreaterThan(0);
    for (const parcel of parcels) {
      expect(parcel, `order ${parcel.order_id}`).toMatchObject({ fulfilment: 'delivered', mailed: true });
      expect(new Date(parcel.delivered).getTime()).toBeGreaterThan(new Date(parcel.paid).getTime());
      expect(new Date(parcel.delivered).getTime()).toBeLessThan(new Date(parcel.first_review).getTime());
      expect(parcel.tracking === null).toBe(parcel.carrier === 'shop-courier');
    }
    expect(new Set(parcels.map((p) => p.carrier)).size).toBe(4);
    const [queued] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where kind = ${FULFILMENT_MAIL_JOB}`,
    );
    expect(queued!.n).toBe(0);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { emailAddress: DEMO_ACCOUNTS.admin.emailAddress, password: DEMO_ACCOUNTS.admin.password },
    });
    const toShip = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/to-ship-count',
      headers: { authorization: `Bearer ${admin.json<{ token: string }>().token}` },
    });
    expect(toShip.json(), toShip.body).toEqual({ toShip: 0 });
  });

  it('delivers the orders of a demo shop seeded before fulfilment existed, and nobody else’s', async () => {
    const [first] = await rows<{ id: number; customer_id: number }>(
      t.db,
      sql`select id, customer_id from orders order by id limit 1`,
    );
    // As 0022 left a shop seeded before it: unfulfilled, no parcel.
    await t.db.execute(sql`delete from shipments where order_id = ${first!.id}`);
    await t.db.execute(
      sql`update orders set fulfilment_status = 'unfulfilled', delivered_mailed_at = null where id = ${first!.id}`,
    );
    expect(await seedDemoDeliveriesIfMissing(t.db)).toBe(1);
    expect(await seedDemoDeliveriesIfMissing(t.db)).toBe(0);
    const [after] = await rows<{ fulfilment_status: string; parcels: number }>(
      t.db,
      sql`select fulfilment_status, (select count(*)::int from shipments where order_id = ${first!.id}) as parcels
          from orders where id = ${first!.id}`,
    );
    expect(after).toEqual({ fulfilment_status: 'delivered', parcels: 1 });
  });

  it('aims its ratings at the intended average', () => {
    for (const [target, n] of [
      [4.7, 2],
      [4.3, 3],
      [3.6, 6],
      [4.0, 5],
    ] as const) {
      const stars = ratingsAveraging(target, n, () => 0);
      expect(stars).toHaveLength(n);
      expect(stars.every((s) => Number.isInteger(s) && s >= 1 && s <= 5)).toBe(true);
      expect(Math.abs(stars.reduce((a, b) => a + b, 0) / n - target)).toBeLessThanOrEqual(0.5 / n);
    }
  });

  it('creates the documented demo admin and customer, who can log in', async () => {
    const { admin, customer } = DEMO_ACCOUNTS;
    const login = (path: string, account: { emailAddress: string; password: string }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/${path}/login`,
        payload: { emailAddress: account.emailAddress, password: account.password },
      });

    const staff = await login('users', admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ emailAddress: admin.emailAddress, role: 'Admin' });
    const shopper = await login('customers', customer);
    expect(shopper.statusCode).toBe(200);
    expect(shopper.json()).toMatchObject({ emailAddress: customer.emailAddress, personType: 1 });
  });
});

describe('the Arabic demo catalogue (decision 090)', () => {
  const book = async (title: string) => (await get(`/api/v1/books/${encodeURIComponent(title)}`)).json<Book>();

  it('has the classics of Arabic literature with Arabic titles, descriptions and author names', async () => {
    const classics: [string, string][] = [
      ['Kalila and Dimna', 'كليلة ودمنة'],
      ['The Broken Wings', 'الأجنحة المتكسرة'],
      ['Hayy ibn Yaqdhan', 'حي بن يقظان'],
      ['The Ring of the Dove', 'طوق الحمامة'],
      ['The Book of Misers', 'البخلاء'],
      ['The Diwan of al-Mutanabbi', 'ديوان المتنبي'],
      ['One Thousand and One Nights', 'ألف ليلة وليلة'],
      ['The Muqaddimah', 'مقدمة ابن خلدون'],
      ['The Prophet', 'النبي'],
    ];
    for (const [title, titleAr] of classics) {
      const found = await book(title);
      expect(found.titleAr, title).toBe(titleAr);
      expect(found.descriptionAr, title).toMatch(/^[\u0600-\u06FF]/);
      expect(found.mainImageURL, title).not.toBeNull();
    }
    expect((await book('Kalila and Dimna')).authors[0]).toMatchObject({ nameAr: 'عبد الله بن المقفع' });
    expect((await book('The Diwan of al-Mutanabbi')).authors[0]).toMatchObject({ nameAr: 'أبو الطيب المتنبي' });

    // At least twenty Arabic works beside the three the catalogue already had, each by authors named in Arabic.
    const arabic = books.filter((b) => b.titleAr !== null && b.descriptionAr !== null);
    expect(arabic.length).toBeGreaterThanOrEqual(23);
    for (const work of arabic)
      expect(
        work.authors.every((a) => a.nameAr !== null),
        work.title,
      ).toBe(true);
    // Books without Arabic fields still answer them, as null.
    expect(await book('Pride and Prejudice')).toMatchObject({ titleAr: null, descriptionAr: null });
  });

  it('names every genre in Arabic', async () => {
    const genres = (await get('/api/v1/genres')).json<{ name: string; nameAr: string | null }[]>();
    expect(genres.length).toBeGreaterThanOrEqual(20);
    for (const genre of genres) expect(genre.nameAr, genre.name).toMatch(/^[\u0600-\u06FF]/);
  });

  it('gives a demo shop seeded before it the new works and the Arabic fields once, and leaves what staff clear', async () => {
    // As a shop seeded before decision 090: no Arabic anywhere, and one of the new works missing.
    await t.db.execute(sql`update books set title_ar = null, description_ar = null`);
    await t.db.execute(sql`update authors set name_ar = null`);
    await t.db.execute(sql`update genres set name_ar = null`);
    const extra = {
      ...DEMO_BOOKS.find((b) => b.title === 'Kalila and Dimna')!,
      title: 'The Seven Hanging Odes',
      titleAr: 'المعلقات السبع',
    };
    const missing = [...DEMO_BOOKS, extra];

    expect(await seedDemoArabicIfMissing(t.db, await createImageStore(t.config), missing)).toBe(1);
    expect((await book('The Seven Hanging Odes')).titleAr).toBe('المعلقات السبع');
    expect((await book('The Broken Wings')).titleAr).toBe('الأجنحة المتكسرة');
    expect((await book('The Prophet')).authors[0]!.nameAr).toBe('جبران خليل جبران');
    const poetry = (await get('/api/v1/genres')).json<{ name: string; nameAr: string | null }[]>();
    expect(poetry.find((g) => g.name === 'Poetry')?.nameAr).toBe('شعر');

    // Staff clear an Arabic title: a restart does not put it back.
    await t.db.execute(sql`update books set title_ar = null where title = 'The Broken Wings'`);
    // A staff edit announces itself; this raw update tells the caches by hand.
    t.catalogue.invalidate();
    expect(await seedDemoArabicIfMissing(t.db, await createImageStore(t.config), missing)).toBe(0);
    expect((await book('The Broken Wings')).titleAr).toBeNull();
  });
});
