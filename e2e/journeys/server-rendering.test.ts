import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';

/*
 * The public pages arrive rendered (decision 053): what a search engine or a chat's link preview
 * reads without running JavaScript, then the same page hydrated in Chromium without a warning.
 */

type Book = {
  id: number;
  title: string;
  description: string;
  discountedPrice: number;
  ratingCount?: number;
  stockQuantity: number;
};
type BookList = { data: Book[] };

async function json<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The page as a crawler gets it: the HTML only. */
async function html(path: string, status = 200) {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The text of the markup inside #root, without tags. */
function visibleText(page: string) {
  const body = page.slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json"'));
  return decode(body.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

const metaContent = (page: string, key: string) =>
  decode(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(page)?.[1] ?? '');
const titleOf = (page: string) => decode(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '');
const canonicalOf = (page: string) => /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1];
const money = (amount: number) => `Dhs ${amount.toFixed(2)}`;

function jsonLd(page: string): Record<string, unknown> | undefined {
  const text = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(page)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

/** A book of the demo catalogue with reviews, whose page shows when they were written. */
async function reviewedBook() {
  const { data } = await json<BookList>('/api/v1/books?pageSize=20');
  const reviewed = data.find((candidate) => (candidate.ratingCount ?? 0) > 0);
  expect(reviewed, 'a reviewed book in the demo catalogue').toBeDefined();
  return json<Book & { authors: { name: string }[]; genres: { name: string }[] }>(
    `/api/v1/books/${encodeURIComponent(reviewed!.title)}`,
  );
}

describe('pages rendered on the server', () => {
  it('home: the first books with their prices, the title and the description', async () => {
    const { data } = await json<BookList>('/api/v1/books');
    const page = await html('/');
    expect(titleOf(page)).toBe('Bookshop');
    expect(metaContent(page, 'description')).toMatch(/books delivered across the UAE/i);
    expect(canonicalOf(page)).toMatch(/\/$/);
    const text = visibleText(page);
    for (const book of data.slice(0, 4)) {
      expect(text).toContain(book.title);
      expect(text).toContain(money(book.discountedPrice));
    }
    // One <title>, one description: the template's own were replaced, not repeated.
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('a book: title, price, description, the cover for previews and Book + Offer JSON-LD in AED', async () => {
    const { data } = await json<BookList>('/api/v1/books?pageSize=20');
    const reviewed = data.find((book) => (book.ratingCount ?? 0) > 0) ?? data[0]!;
    const book = await json<Book>(`/api/v1/books/${encodeURIComponent(reviewed.title)}`);
    const page = await html(`/books/${encodeURIComponent(book.title)}`);

    expect(titleOf(page)).toBe(`${book.title} | Bookshop`);
    const text = visibleText(page);
    expect(text).toContain(book.title);
    expect(text).toContain(money(book.discountedPrice));
    expect(text).toContain(book.description.slice(0, 60));
    expect(metaContent(page, 'description')).toContain(book.description.slice(0, 40));
    expect(metaContent(page, 'og:title')).toContain(book.title);
    expect(metaContent(page, 'og:image')).toMatch(/^https?:\/\/.+\/images\//);
    expect(metaContent(page, 'twitter:card')).toBe('summary_large_image');
    expect(canonicalOf(page)).toMatch(new RegExp(`/books/${encodeURIComponent(book.title)}$`));

    // The cover, the page's largest paint, is preloaded from <head> with the srcset its <img> uses.
    const preload =
      /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high"/.exec(
        page,
      );
    expect(preload).not.toBeNull();
    expect(page.indexOf(preload![0])).toBeLessThan(page.indexOf('<link rel="stylesheet"'));
    const img = new RegExp(`<img[^>]*src="${preload![1]}"[^>]*>`).exec(page)![0];
    expect(img.toLowerCase()).toContain(`srcset="${preload![2]}"`.toLowerCase());
    expect(img.toLowerCase()).toContain('fetchpriority="high"');

    const ld = jsonLd(page)!;
    expect(ld['@type']).toBe('Book');
    expect(ld.name).toBe(book.title);
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: book.discountedPrice.toFixed(2),
      priceCurrency: 'AED',
      availability: book.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    });
    if ((book.ratingCount ?? 0) > 0)
      expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: book.ratingCount });
  });

  it('a genre and an author: their name in the title and heading, and their books', async () => {
    const book = await reviewedBook();
    for (const [path, name] of [
      [`/genres/${encodeURIComponent(book.genres[0]!.name)}`, book.genres[0]!.name],
      [`/authors/${encodeURIComponent(book.authors[0]!.name)}`, book.authors[0]!.name],
    ] as const) {
      const page = await html(path);
      expect(titleOf(page)).toBe(`${name} | Bookshop`);
      const text = visibleText(page);
      expect(text).toContain(name);
      expect(text).toContain(book.title);
      expect(metaContent(page, 'description')).toContain(name);
    }
  });

  it.each([
    ['/about-us', 'About Us'],
    ['/faqs', 'Frequently Asked Questions'],
    ['/shipping', 'Shipping'],
    ['/shipping/terms', 'Shipping Terms and Conditions'],
    ['/terms-of-use', 'Terms of Use'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/contact-us', 'Contact Us'],
  ])('%s: its heading and title', async (path, heading) => {
    const page = await html(path);
    expect(titleOf(page)).toBe(`${heading} | Bookshop`);
    expect(visibleText(page)).toContain(heading);
    expect(metaContent(page, 'description').length).toBeGreaterThan(20);
  });

  it('search results: every book found, paged as asked, kept out of indexes (decision 088)', async () => {
    const found = await json<BookList & { paginationDetails: { noOfRecords: number } }>(
      '/api/v1/search/books?keyword=poetry&pageNo=2&pageSize=5',
    );
    expect(found.data.length).toBe(5);
    const page = await html('/search?keyword=poetry&pageNo=2&pageSize=5');
    expect(titleOf(page)).toBe('Search results for “poetry” | Bookshop');
    expect(metaContent(page, 'robots')).toBe('noindex');
    const text = visibleText(page);
    for (const book of found.data) expect(text).toContain(book.title);
    expect(text).toContain(`Showing 6–10 of ${found.paginationDetails.noOfRecords} books found`);
  });

  it('a book that does not exist: 404 with the Not Found page, not an empty shell', async () => {
    const page = await html('/books/No%20Such%20Book%20Here', 404);
    expect(titleOf(page)).toBe('Page Not Found | Bookshop');
    expect(visibleText(page)).toContain('No Such Book Here');
  });

  it('account and admin pages are left to the browser', async () => {
    const page = await html('/account');
    expect(page).toContain('<div id="root"></div>');
  });
});

describe('hydration in Chromium', () => {
  it('takes over every public page without a console error or warning, a changed node or a second fetch', async () => {
    const book = await reviewedBook();
    const paths = [
      '/',
      `/books/${encodeURIComponent(book.title)}`,
      `/genres/${encodeURIComponent(book.genres[0]!.name)}`,
      `/authors/${encodeURIComponent(book.authors[0]!.name)}`,
      '/about-us',
      '/faqs',
      '/contact-us',
      '/search?keyword=poetry',
    ];
    for (const path of paths) {
      // A visitor far from the server: a time or date rendered in the server's zone and again in
      // the browser's would change at hydration (the book's reviews carry times).
      // Any console error or warning, a visitor's refresh included, fails the test (support/browser.ts).
      const page = await newPage({ timezoneId: 'America/Los_Angeles' });
      const catalogueRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/api\/v1\/(books|genres|authors|reviews)/.test(url.pathname)) catalogueRequests.push(url.pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hydration took the server's markup as it was: a mismatch would have replaced nodes or text
      // (Preact's production build reports none; decision 054). A visitor's page has nothing to
      // personalise, so the page after hydration is the page the server sent.
      const served = await (await fetch(new URL(path, baseUrl))).text();
      const [sentRoot, hydratedRoot] = await page.evaluate((html) => {
        const sent = new DOMParser().parseFromString(html, 'text/html').getElementById('root')!.innerHTML;
        return [sent, document.getElementById('root')!.innerHTML];
      }, served);
      expect(hydratedRoot, path).toBe(sentRoot);
      // What the server sent came along: the page asks the API for none of it again.
      expect(catalogueRequests, path).toEqual([]);
      await page.close();
    }
  });

  it('fetches its scripts only once the page has loaded and its first paint is shown; its icon comes with it', async () => {
    for (const path of ['/', '/ar/books/Kalila%20and%20Dimna']) {
      const page = await newPage();
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const timings = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          loaded: navigation?.loadEventStart,
          starts: resources.filter((entry) => /\/assets\/.+\.js$/.test(entry.name)).map((entry) => entry.startTime),
          icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
        };
      });
      expect(timings.firstPaint, path).toBeGreaterThan(0);
      expect(timings.starts.length, path).toBeGreaterThan(0);
      // The boot script is inline (decision 111): the page's own scripts are all it fetched later.
      expect(Math.min(...timings.starts), path).toBeGreaterThan(timings.firstPaint!);
      expect(Math.min(...timings.starts), path).toBeGreaterThan(timings.loaded!);
      // The icon comes with the page, not as a request of its own.
      expect(timings.icon, path).toMatch(/^data:image\/svg\+xml,/);
      await page.close();
    }
  });

  it('the shop runs without Stripe keys: home shows the TEST MODE ribbon, sent by the server, at the top', async () => {
    expect(visibleText(await html('/'))).toContain('TEST MODE — no real payments');
    const page = await newPage();
    await page.goto('/');
    const ribbon = page.getByRole('complementary', { name: 'Test mode' });
    expect(await ribbon.textContent()).toBe('TEST MODE — no real payments');
    expect(await ribbon.isVisible()).toBe(true);
    expect((await ribbon.boundingBox())?.y).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('navigates on the client after hydration: a book from home, with its data already fetched by the loader', async () => {
    const page = await newPage();
    await page.goto('/');
    const link = page.locator('main a[href^="/books/"]').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The book's head is written by code fetched for the navigation (decision 103).
    await page.waitForFunction(() => / \| Bookshop$/.test(document.title));
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${baseUrl}${href}`);
  });
});
