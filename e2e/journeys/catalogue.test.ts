import { describe, expect, it } from 'vitest';
import { baseUrl, expectFailedLoad, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';

type BookPage = { data: { title: string; discountedPrice: number }[]; paginationDetails: { totalPages: number } };

const cardTitles = (page: import('playwright-core').Page) => page.locator('main article h3').allInnerTexts();

async function apiBooks(query: string): Promise<BookPage> {
  const res = await fetch(`${baseUrl}/api/v1/books${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as BookPage;
}

describe('browsing the catalogue', () => {
  it('finds a book from a misspelt search and opens it', async () => {
    const page = await newPage();
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search books' });
    await expect(search.getAttribute('placeholder')).resolves.toBe('What are you looking for?');
    await search.fill('pride and prejudise');
    const result = page.getByRole('option', { name: /Pride and Prejudice/ });
    await result.waitFor();
    await result.click();
    await page.waitForURL(/\/books\/Pride(%20| )and(%20| )Prejudice$/);
    // The book page loads on demand: wait for its heading rather than reading the old one.
    await page.getByRole('heading', { level: 1, name: 'Pride and Prejudice' }).waitFor();

    // The dropdown stops at ten; Enter opens every book found, page by page (decision 088).
    await page.goto('/');
    await search.fill('poetry');
    await page.getByRole('option', { name: 'See all results' }).waitFor();
    expect(await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').count()).toBe(11);
    await search.press('Enter');
    await page.waitForURL(/\/search\?keyword=poetry$/);
    await page.getByRole('heading', { level: 1, name: 'Search results for “poetry”' }).waitFor();
    await page.locator('main article h3').first().waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const status = await page.getByText(/^Showing 1–10 of \d+ books found$/).innerText();
    const found = Number(/of (\d+) books/.exec(status)![1]);
    expect(found).toBeGreaterThan(10);
    const firstPage = await cardTitles(page);
    expect(firstPage).toHaveLength(10);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: /Next/ }).click();
    await page.waitForURL(/pageNo=2/);
    await page.getByText(/^Showing 11–/).waitFor();
    const secondPage = await cardTitles(page);
    expect(secondPage.length).toBe(Math.min(10, found - 10));
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);
  });

  it('filters by genre and price, pages through, and keeps the view in the URL', async () => {
    const genres = (await (await fetch(`${baseUrl}/api/v1/genres`)).json()) as { name: string }[];
    // The genre with the most books under Dhs 200, so that there is a second page to visit.
    const sized = await Promise.all(
      genres.map(async (g) => ({
        name: g.name,
        pages: (await apiBooks(`?genre=${encodeURIComponent(g.name)}&maxPrice=200&pageSize=5`)).paginationDetails
          .totalPages,
      })),
    );
    const genre = sized.sort((a, b) => b.pages - a.pages)[0]!;
    expect(genre.pages).toBeGreaterThan(1);

    const page = await newPage();
    await page.goto('/');
    await page.getByLabel('Genre', { exact: true }).selectOption(genre.name);
    await page.waitForURL(/genre=/);
    await page.getByLabel('Books per page').selectOption('5');
    await page.waitForURL(/pageSize=5/);

    const maxThumb = page.getByLabel('Maximum price');
    await maxThumb.focus();
    for (let i = 0; i < 8; i++) await maxThumb.press('PageDown');
    await page.waitForURL(/maxPrice=\d+/);
    const maxPrice = Number(new URL(page.url()).searchParams.get('maxPrice'));
    expect(maxPrice).toBeLessThanOrEqual(200);

    const shownQuery = () => new URL(page.url()).search;
    await expect.poll(() => cardTitles(page)).toEqual((await apiBooks(shownQuery())).data.map((b) => b.title));
    for (const book of (await apiBooks(shownQuery())).data) expect(book.discountedPrice).toBeLessThanOrEqual(maxPrice);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/pageNo=2/);
    const secondPage = (await apiBooks(shownQuery())).data.map((b) => b.title);
    await expect.poll(() => cardTitles(page)).toEqual(secondPage);

    // The same URL in a new visit shows the same filtered page.
    const shared = await newPage();
    await shared.goto(page.url());
    await expect.poll(() => cardTitles(shared)).toEqual(secondPage);
  });

  it('finds an author for the filter by typing part of the name, and keeps the choice in the URL', async () => {
    const page = await newPage();
    const authorRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/authors') authorRequests.push(url.search);
    });
    await page.goto('/');
    const picker = page.getByRole('combobox', { name: 'Author' });
    await expect(picker.getAttribute('placeholder')).resolves.toBe('All authors');
    await picker.fill('auste');
    const list = page.getByRole('listbox', { name: 'Authors found' });
    await list.getByRole('option', { name: 'Jane Austen' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await picker.press('ArrowDown');
    await expect(list.getByRole('option').first().getAttribute('aria-selected')).resolves.toBe('true');
    await expect(list.getByRole('option').first().innerText()).resolves.toBe('Jane Austen');
    await picker.press('Enter');
    await page.waitForURL(/[?&]author=Jane(%20|\+)Austen/);
    const shownQuery = () => new URL(page.url()).search;
    await expect.poll(() => cardTitles(page)).toEqual((await apiBooks(shownQuery())).data.map((b) => b.title));
    // The picker only ever asked for a few authors (and the chosen one by name), never the whole list.
    expect(authorRequests.length).toBeGreaterThan(0);
    for (const search of authorRequests) expect(search).toMatch(/limit=\d+|^\?name=/);

    // A shared link shows the chosen author in the box, sent by the server.
    const shared = await newPage();
    await shared.goto(page.url());
    await expect(shared.getByRole('combobox', { name: 'Author' }).inputValue()).resolves.toBe('Jane Austen');
    await shared.getByRole('button', { name: 'Show every author (clear Jane Austen)' }).click();
    await shared.waitForURL(`${baseUrl}/`);
  });

  it('shows the bottom bar on a 390px phone instead of the main navigation', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/');
    // The layout renders once the session check answers; wait for it before asserting absence.
    await page.getByRole('navigation', { name: 'Quick links' }).waitFor({ state: 'visible' });
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
  });

  it('answers an unknown path with HTTP 404 and the Page Not Found page', async () => {
    const page = await newPage();
    expectFailedLoad(page, 404, '/no/such/page', 'the journey opens a page that does not exist');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByText('Page Not Found').first().waitFor();
    await page.getByRole('link', { name: 'Back To Home Page' }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it.each([
    ['genre', '/genres/No%20Such%20Genre'],
    ['author', '/authors/Nobody%20Known'],
    ['book', '/books/No%20Such%20Book'],
  ])('answers an unknown %s with HTTP 404 and the Page Not Found page', async (kind, path) => {
    const page = await newPage();
    expectFailedLoad(page, 404, path, `the journey opens a ${kind} that does not exist`);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expect(page.title()).resolves.toBe('Page Not Found | Bookshop');
    await page.getByRole('link', { name: 'Back To Home Page' }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it.each([
    ['home', '/'],
    ['a book page', '/books/Pride%20and%20Prejudice'],
    ['a genre page', '/genres/Romance'],
  ])('has no serious accessibility violations on %s', async (_name, path) => {
    const page = await newPage();
    await page.goto(path);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });
});
