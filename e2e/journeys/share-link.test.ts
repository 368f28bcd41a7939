import { describe, expect, it } from 'vitest';
import { baseUrl, expectFailedLoad, newPage } from '../support/browser.ts';

describe('sharing a book', () => {
  it('copies a short link from the book page that opens the same page', async () => {
    const page = await newPage();
    // A visitor who allowed this shop to write to the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto('/books/Pride%20and%20Prejudice');
    await page.getByRole('heading', { level: 1, name: 'Pride and Prejudice' }).waitFor();

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied.').waitFor();
    const shortUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(shortUrl).toMatch(new RegExp(`^${baseUrl}/s/[A-Za-z0-9_-]{1,8}$`));

    // The API knows the same link, and answers the book's page for it.
    const id = shortUrl.split('/').pop()!;
    const target = (await (await fetch(`${baseUrl}/api/v1/link-shortner/${id}`)).json()) as { originalUrl: string };
    expect(target.originalUrl).toBe(`${baseUrl}/books/Pride%20and%20Prejudice`);

    // Someone else opens it: a 301 to the book, which shows.
    const friend = await newPage();
    const response = await friend.goto(shortUrl);
    expect(response?.url()).toBe(`${baseUrl}/books/Pride%20and%20Prejudice`);
    expect(response?.request().redirectedFrom()?.url()).toBe(shortUrl);
    await friend.getByRole('heading', { level: 1, name: 'Pride and Prejudice' }).waitFor();
  });

  it('shows Page Not Found with HTTP 404 for an unknown short link', async () => {
    const page = await newPage();
    expectFailedLoad(page, 404, '/s/zzzzzzzz', 'the journey opens a short link that was never made');
    const response = await page.goto('/s/zzzzzzzz');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });
});
