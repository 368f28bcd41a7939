import type pg from 'pg';
import { rebuildSearchLexicon } from '../apps/api/src/modules/catalogue/queries.ts';
import { migrateDatabase, openPostgres } from '../apps/api/src/platform/db.ts';

/**
 * Fills a dedicated PostgreSQL database with a generated catalogue, set-based in a handful of
 * statements. A comment on the database records what was generated, so a re-run with the same
 * size skips straight to the measurements.
 */

/** Bump when the generated data changes shape, so old bench databases are refilled. */
const DATA_VERSION = 1;

export const AUTHOR_COUNT = 2000;

// prettier-ignore
export const GENRES = [
  'Adventure', 'Biography', 'Business', 'Children', 'Classics', 'Comics', 'Cookery', 'Crime',
  'Drama', 'Fantasy', 'Health', 'Historical Fiction', 'History', 'Horror', 'Humour', 'Memoir',
  'Music', 'Mystery', 'Philosophy', 'Poetry', 'Politics', 'Psychology', 'Religion', 'Romance',
  'Science', 'Science Fiction', 'Short Stories', 'Sport', 'Thriller', 'Travel',
];

// 50 first names × 40 surnames = exactly AUTHOR_COUNT distinct authors.
// prettier-ignore
export const FIRST_NAMES = [
  'Amelia', 'Omar', 'Layla', 'James', 'Fatima', 'Henry', 'Sofia', 'Yusuf', 'Clara', 'Daniel',
  'Hana', 'Samuel', 'Noor', 'Oliver', 'Mariam', 'Thomas', 'Aisha', 'Felix', 'Leila', 'George',
  'Zara', 'Adam', 'Iris', 'Karim', 'Eleanor', 'Rami', 'Grace', 'Tariq', 'Alice', 'Hugo', 'Salma',
  'Victor', 'Nadia', 'Arthur', 'Rania', 'Elias', 'Maya', 'Ibrahim', 'Lucy', 'Hassan', 'Ruth',
  'Jonah', 'Dalia', 'Peter', 'Yasmin', 'Isaac', 'Mona', 'Edward', 'Lina', 'Khalid',
];
// prettier-ignore
export const SURNAMES = [
  'Hartley', 'Mansour', 'Whitfield', 'Haddad', 'Ashworth', 'Karam', 'Pemberton', 'Nasser',
  'Blackwood', 'Saleh', 'Thornton', 'Farouk', 'Winslow', 'Aziz', 'Fairbanks', 'Qureshi',
  'Holloway', 'Rahman', 'Kingsley', 'Darwish', 'Montague', 'Hamdan', 'Sinclair', 'Khoury',
  'Radcliffe', 'Obeid', 'Caldwell', 'Sabbagh', 'Langford', 'Yousef', 'Everett', 'Najjar',
  'Prescott', 'Barakat', 'Ellington', 'Shami', 'Whitmore', 'Tamimi', 'Lockhart', 'Jaber',
];

// Titles are "pattern(adjective, noun, place)": 8 × 50 × 50 × 50 = 1,000,000 distinct titles.
// prettier-ignore
export const ADJECTIVES = [
  'Silent', 'Golden', 'Hidden', 'Broken', 'Crimson', 'Forgotten', 'Winter', 'Burning', 'Last',
  'Distant', 'Silver', 'Wandering', 'Quiet', 'Secret', 'Endless', 'Fallen', 'Midnight', 'Wild',
  'Hollow', 'Bright', 'Lonely', 'Ancient', 'Scarlet', 'Bitter', 'Gentle', 'Restless', 'Paper',
  'Iron', 'Glass', 'Velvet', 'Drowned', 'Painted', 'Stolen', 'Summer', 'Shattered', 'Northern',
  'Sleeping', 'Lost', 'Invisible', 'Salt', 'Amber', 'Frozen', 'Emerald', 'Rising', 'Borrowed',
  'Sacred', 'Curious', 'Faithful', 'Wicked', 'Tender',
];
// prettier-ignore
export const NOUNS = [
  'River', 'Garden', 'Letter', 'Crown', 'Lantern', 'Orchard', 'Mirror', 'Harbour', 'Clock',
  'Bridge', 'Map', 'Falcon', 'Key', 'Lighthouse', 'Violin', 'Compass', 'Tower', 'Caravan',
  'Daughter', 'Stranger', 'Widow', 'Captain', 'Island', 'Feather', 'Kingdom', 'Promise', 'Song',
  'Shadow', 'Storm', 'Thief', 'Library', 'Oasis', 'Dragon', 'Engine', 'Ledger', 'Garland',
  'Pilgrim', 'Cartographer', 'Archive', 'Telescope', 'Window', 'Silence', 'Ember', 'Tide', 'Dune',
  'Sparrow', 'Citadel', 'Physician', 'Bazaar', 'Rebellion',
];
// prettier-ignore
export const PLACES = [
  'Alexandria', 'Samarkand', 'Venice', 'Cordoba', 'Zanzibar', 'Marrakesh', 'Kyoto', 'Lisbon',
  'Baghdad', 'Prague', 'Muscat', 'Damascus', 'Istanbul', 'Edinburgh', 'Granada', 'Aleppo', 'Petra',
  'Seville', 'Tangier', 'Vienna', 'Cairo', 'Dublin', 'Sana', 'Byzantium', 'Salalah', 'Fez',
  'Oxford', 'Tripoli', 'Basra', 'Antioch', 'Jeddah', 'Avalon', 'Carthage', 'Babylon', 'Smyrna',
  'Kashgar', 'Bukhara', 'Isfahan', 'Timbuktu', 'Mosul', 'Acre', 'Nineveh', 'Tyre', 'Sidon',
  'Hormuz', 'Palmyra', 'Troy', 'Knossos', 'Delphi', 'Ithaca',
];

// prettier-ignore
const DESCRIPTION_OPENINGS = [
  'A sweeping story of love and loss', 'A tense and clever puzzle', 'An unforgettable journey',
  'A warm, funny and wise novel', 'A haunting tale of memory and exile',
  'A thrilling race against time', 'A quiet masterpiece about family',
  'A bold reimagining of an old legend',
];
// prettier-ignore
const DESCRIPTION_ENDINGS = [
  'that readers will not soon forget.', 'told with rare grace and humour.',
  'from one of the most original voices writing today.', 'that moves between three generations.',
  'set against the backdrop of a changing world.',
  'full of unexpected turns and vivid characters.',
];

/** `reset` drops the bench database first, e.g. after committed migrations were rewritten. */
export type GenerateOptions = {
  databaseUrl: string;
  books: number;
  /** Orders over the last 90 days, with their customers (the dashboard scenario); 0 for none. */
  orders?: number;
  reset?: boolean;
  log?: (line: string) => void;
};

/** Creates, migrates and fills the bench database unless it already holds the same data. */
export async function ensureBenchData({
  databaseUrl,
  books,
  orders = 0,
  reset = false,
  log = () => {},
}: GenerateOptions): Promise<void> {
  const url = new URL(databaseUrl);
  const databaseName = decodeURIComponent(url.pathname.slice(1));
  if (!databaseName) throw new Error('BENCH_DATABASE_URL must name a database');
  if (['postgres', 'template0', 'template1'].includes(databaseName))
    throw new Error(`refusing to fill the ${databaseName} database`);
  await createDatabaseIfMissing(url, databaseName, reset);

  const handle = await openPostgres(databaseUrl, 1);
  try {
    try {
      await migrateDatabase(handle);
    } catch (error) {
      throw new Error(
        `migrating ${databaseName} failed (${(error as Error).message}); rerun with BENCH_RESET=1 to rebuild it`,
      );
    }
    const marker = `bookshop-bench v${DATA_VERSION} books=${books} authors=${AUTHOR_COUNT} genres=${GENRES.length}`;
    if ((await currentMarker(handle.pool)) === marker && (await countBooks(handle.pool)) === books) {
      log(`data: ${databaseName} already holds ${books.toLocaleString('en')} books, reusing it`);
      await ensureOrders(handle.pool, orders, books, log);
      return;
    }
    const started = Date.now();
    log(`data: generating ${books.toLocaleString('en')} books into ${databaseName} ...`);
    await fill(handle.pool, books);
    // The bulk load bypasses insertBook, so the typo-tolerance lexicon is filled in one go.
    await rebuildSearchLexicon(handle.db);
    await handle.pool.query(`comment on database ${quoteIdent(databaseName)} is ${quoteLiteral(marker)}`);
    log(`data: generated and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Emptying the books emptied the order lines too (truncate … cascade): the orders are made again.
    await ensureOrders(handle.pool, orders, books, log, { rebuild: true });
  } finally {
    await handle.close();
  }
}

async function createDatabaseIfMissing(url: URL, databaseName: string, reset: boolean) {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = await openPostgres(adminUrl.toString(), 1);
  try {
    if (reset) await admin.pool.query(`drop database if exists ${quoteIdent(databaseName)} with (force)`);
    const { rowCount } = await admin.pool.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (!rowCount) await admin.pool.query(`create database ${quoteIdent(databaseName)}`);
  } finally {
    await admin.close();
  }
}

async function currentMarker(pool: pg.Pool): Promise<string | null> {
  const { rows } = await pool.query<{ marker: string | null }>(
    `select shobj_description(oid, 'pg_database') as marker from pg_database where datname = current_database()`,
  );
  return rows[0]?.marker ?? null;
}

async function countBooks(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>('select count(*) as count from books');
  return Number(rows[0]?.count ?? 0);
}

async function fill(pool: pg.Pool, books: number) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Index builds after the load are several times faster than maintaining GIN indexes row by row.
    await client.query(`set local maintenance_work_mem = '256MB'`);
    await client.query('truncate books, authors, genres restart identity cascade');
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = 'books'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`drop index ${quoteIdent(index.indexname)}`);

    await client.query(
      `insert into genres (id, name) select ordinality, name from unnest($1::text[]) with ordinality as g(name, ordinality)`,
      [GENRES],
    );
    await client.query(
      `insert into authors (id, name)
       select n + 1, ($1::text[])[1 + n % 50] || ' ' || ($2::text[])[1 + n / 50] from generate_series(0, $3::int - 1) n`,
      [FIRST_NAMES, SURNAMES, AUTHOR_COUNT],
    );

    // One row per book with every generated attribute; hashint4 keeps the data the same on every run.
    await client.query(
      `create temporary table generated on commit drop as
       with base as (
         select i, (i::bigint * 7919 + 104729) % 1000000 as k from generate_series(1, $1::int) i
       ), picks as (
         select i,
                k % 8 as pattern, ($2::text[])[1 + (k / 8) % 50] as adj, ($3::text[])[1 + (k / 400) % 50] as noun,
                ($4::text[])[1 + (k / 20000) % 50] as place,
                abs(hashint4(i * 13 + 1) % 2000) + 1 as author1,
                abs(hashint4(i * 13 + 2) % 100) as second_author_roll,
                abs(hashint4(i * 13 + 3) % 1999) as author2_offset,
                abs(hashint4(i * 13 + 4) % 30) as genre1,
                abs(hashint4(i * 13 + 5) % 100) as genre_roll,
                abs(hashint4(i * 13 + 6) % 29) as genre2_offset,
                abs(hashint4(i * 13 + 7) % 28) as genre3_offset,
                abs(hashint4(i * 13 + 8) % 100) as price_roll,
                abs(hashint4(i * 13 + 9) % 100) as discount_roll,
                abs(hashint4(i * 13 + 10) % 100) as stock_roll,
                abs(hashint4(i * 13 + 11) % 100) as misc_roll,
                abs(hashint4(i * 13 + 12) % 10000) as fine_roll
         from base
       )
       select i,
              case pattern
                when 0 then 'The ' || adj || ' ' || noun || ' of ' || place
                when 1 then adj || ' ' || noun || ' in ' || place
                when 2 then 'A ' || noun || ' for ' || place || ': The ' || adj || ' Years'
                when 3 then 'Return to ' || place || ' and the ' || adj || ' ' || noun
                when 4 then 'The ' || adj || ' ' || noun || ' Who Left ' || place
                when 5 then place || ' Nights: ' || adj || ' ' || noun
                when 6 then 'Letters from ' || place || ' on the ' || adj || ' ' || noun
                else 'Beyond the ' || adj || ' ' || noun || ' of ' || place
              end as title,
              author1,
              case when second_author_roll < 12 then 1 + (author1 + author2_offset) % 2000 end as author2,
              genre1 + 1 as genre1,
              case when genre_roll < 45 then 1 + (genre1 + 1 + genre2_offset) % 30 end as genre2,
              -- A third genre distinct from the first two: skip past both on a 28-step walk.
              case when genre_roll < 10 then 1 + (genre1 + 1 + genre2_offset + 1 + genre3_offset) % 30 end as genre3,
              -- Most books cost 20–120 AED, a tail up to 600 AED; whole or .50/.95 prices like a shop.
              (case when price_roll < 85 then 2000 + (fine_roll % 100) * 100 else 12000 + (fine_roll % 480) * 100 end)
                + (array[0, 50, 95, 0])[1 + misc_roll % 4] as price_fils,
              case when discount_roll < 70 then 0 else (array[5, 10, 15, 20, 25, 30, 40, 50])[1 + discount_roll % 8] end as discount,
              case when stock_roll < 12 then 0 else 1 + (fine_roll * 7) % 200 end as stock,
              misc_roll < 35 as next_day,
              case when misc_roll < 20 then 0 else 1 + (fine_roll % 4) end as image_count,
              case when misc_roll % 3 = 0 then 0 else round(2.5 + (fine_roll % 250) / 100.0, 2) end as rating,
              case when misc_roll % 3 = 0 then 0 else 1 + fine_roll % 400 end as rating_count,
              ($5::text[])[1 + fine_roll % 8] as opening,
              ($6::text[])[1 + (fine_roll / 8) % 6] as ending
       from picks`,
      [books, ADJECTIVES, NOUNS, PLACES, DESCRIPTION_OPENINGS, DESCRIPTION_ENDINGS],
    );
    // The genre walk above can land on genre1 again for genre3; drop such duplicates.
    await client.query(`update generated set genre3 = null where genre3 in (genre1, genre2)`);

    await client.query(
      `insert into books (id, title, description, isbn, price_fils, discount_percentage, stock_quantity, next_day_eligible,
                          rating_average, rating_count, main_image_index, author_names, genre_names)
       select g.i, g.title,
              g.opening || ' by ' || a1.name || '. ' || g.title || ' is a novel ' || g.ending,
              '978' || lpad(g.i::text, 10, '0'),
              g.price_fils, g.discount, g.stock, g.next_day, g.rating, g.rating_count,
              case when g.image_count > 1 then g.i % g.image_count else 0 end,
              concat_ws(' ', a1.name, a2.name),
              concat_ws(' ', g1.name, g2.name, g3.name)
       from generated g
       join authors a1 on a1.id = g.author1
       left join authors a2 on a2.id = g.author2
       join genres g1 on g1.id = g.genre1
       left join genres g2 on g2.id = g.genre2
       left join genres g3 on g3.id = g.genre3`,
    );
    // Each book's stock starts its ledger, as the app's moveStock would write it (decision 077).
    await client.query(
      `insert into stock_movements (book_id, delta, reason, stock_after)
       select i, stock, 'initial', stock from generated order by i`,
    );
    await client.query(
      `insert into book_authors (book_id, author_id, position)
       select i, author1, 0 from generated union all select i, author2, 1 from generated where author2 is not null`,
    );
    await client.query(
      `insert into book_genres (book_id, genre_id)
       select i, genre1 from generated
       union all select i, genre2 from generated where genre2 is not null
       union all select i, genre3 from generated where genre3 is not null`,
    );
    await client.query(
      `insert into book_images (book_id, position, image_key)
       select i, p, 'books/bench-' || i || '-' || p from generated, generate_series(0, image_count - 1) p`,
    );
    for (const table of ['books', 'authors', 'genres', 'book_images']) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from ${table}), 1))`,
        [table],
      );
    }
    for (const index of indexes) await client.query(index.indexdef);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await pool.query('vacuum analyze books, authors, genres, book_authors, book_genres, book_images');
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The orders dataset: `orders` orders spread over the 90 days before now (so "today" always has
 * some), from 20,000 customers who signed up over 120 days; 85 % paid, 12 % cancelled, the rest
 * Pending; 1–3 lines each from the first 5,000 books, with ids 1 to `orders`. Rebuilt when those
 * are not all there or the newest is more than a day old, so the dashboard's ranges always cover
 * data. Orders the checkout scenario places come after them and do not count: they used to make
 * every later run rebuild the set (7 minutes at a million). A comment on the orders table says how
 * many were made, so a set of a million is not taken for one of 100,000 (its first 100,000 ids).
 */
async function ensureOrders(
  pool: pg.Pool,
  orders: number,
  books: number,
  log: (line: string) => void,
  options: { rebuild?: boolean } = {},
) {
  if (orders === 0) return;
  const marker = `bookshop-bench orders=${orders}`;
  const { rows } = await pool.query<{ n: string; fresh: boolean; marker: string | null }>(
    `select count(*) as n, coalesce(max(created_at) > now() - interval '1 day', false) as fresh,
            obj_description('orders'::regclass, 'pg_class') as marker
       from orders where id <= $1`,
    [orders],
  );
  if (!options.rebuild && Number(rows[0]!.n) === orders && rows[0]!.fresh && rows[0]!.marker === marker) {
    log(`data: ${orders.toLocaleString('en')} orders already there, reusing them`);
    return;
  }
  const started = Date.now();
  log(`data: generating ${orders.toLocaleString('en')} orders over 90 days ...`);
  const customers = 20_000;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('truncate orders, book_sales_by_day, processed_webhook_events restart identity cascade');
    // What is keyed by an order's id goes with the orders, or the ids they are made again with
    // would meet it: the sandbox refused a new order's session under an idempotency key of an
    // earlier set's order (503 in the checkout scenario), and an expiry job's key would be taken.
    await client.query('truncate sandbox_checkout_sessions cascade');
    await client.query(`delete from jobs where kind = 'checkout.expire'`);
    // The customers of an earlier set are kept and their sign-up dates moved to now's 120 days:
    // deleting them made PostgreSQL look for each one's rows in every table that names an account
    // (a scan of the stock ledger per customer: about 15 minutes at a million books).
    await client.query(
      `insert into accounts (person_type, email_address, user_name, first_name, last_name, password_hash,
                             email_confirmed_at, created_at)
       select 1, 'bench-customer-' || n || '@example.com', 'bench-customer-' || n, 'Bench', 'Customer ' || n,
              'not-a-login', now(), now() - (abs(hashint4(n * 7 + 1)) % (120 * 86400)) * interval '1 second'
       from generate_series(1, $1::int) n
       on conflict (person_type, lower(email_address)) do update set created_at = excluded.created_at`,
      [customers],
    );
    await client.query(
      `create temporary table bench_orders on commit drop as
       select n, (select min(id) from accounts where email_address like 'bench-customer-%') + abs(hashint4(n * 11 + 1)) % $2::int as customer_id,
              now() - (abs(hashint4(n * 11 + 2)) % (90 * 86400)) * interval '1 second' as created_at,
              abs(hashint4(n * 11 + 3)) % 100 as status_roll,
              1 + abs(hashint4(n * 11 + 4)) % 3 as lines,
              1 + abs(hashint4(n * 11 + 5)) % greatest(least($3::int, 5000) - 3, 1) as first_book
       from generate_series(1, $1::int) n`,
      [orders, customers, books],
    );
    await client.query(
      `insert into orders (id, customer_id, status, created_at, paid_at, cancelled_at, expires_at, delivery_method_code,
                           delivery_method_name, delivery_fee_fils, items_total_fils, discount_total_fils, total_fils,
                           address, country, city, phone_no, provider, provider_session_id)
       select n, customer_id,
              case when status_roll < 85 then 2 when status_roll < 97 then 3 else 1 end,
              created_at,
              case when status_roll < 85 then created_at + interval '2 minutes' end,
              case when status_roll between 85 and 96 then created_at + interval '30 minutes' end,
              created_at + interval '30 minutes', 'standard', 'Standard Delivery', 1500, 0, 0, 0,
              '1 Sheikh Zayed Road', 'AE', (array['Dubai', 'Abu Dhabi', 'Sharjah'])[1 + n % 3], '+971501234567',
              'sandbox', 'cs_bench_' || n
       from bench_orders`,
    );
    await client.query(
      `insert into order_items (order_id, book_id, title, price_fils, discount_percentage, discounted_price_fils, quantity)
       select o.n, b.id, b.title, b.price_fils, b.discount_percentage, coalesce(b.discounted_price_fils, b.price_fils),
              1 + abs(hashint4(o.n * 13 + l)) % 3
       from bench_orders o, generate_series(0, 2) l, books b
       where l < o.lines and b.id = o.first_book + l`,
    );
    await client.query(
      `update orders o set items_total_fils = t.items, discount_total_fils = t.items - t.paid, total_fils = t.paid + 1500
       from (select order_id, sum(price_fils * quantity) as items, sum(discounted_price_fils * quantity) as paid
             from order_items group by order_id) t
       where t.order_id = o.id`,
    );
    await client.query(
      `insert into order_status_history (order_id, status, at)
       select id, 1, created_at from orders
       union all select id, 2, paid_at from orders where paid_at is not null
       union all select id, 3, cancelled_at from orders where cancelled_at is not null`,
    );
    await client.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await pool.query('vacuum analyze orders, order_items, order_status_history, book_sales_by_day, accounts');
  await pool.query(`comment on table orders is ${quoteLiteral(marker)}`);
  log(`data: orders generated and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
