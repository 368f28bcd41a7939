import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Book } from '@bookshop/contracts/catalogue';
import { answerApi } from '../../../test/network.ts';
import { currentQuery, jsonResponse, makeBook, renderRoute } from '../testing/render.tsx';
import { BookBrowser } from './book-browser.tsx';

type Catalogue = { noOfRecords: number; fail?: boolean; failAuthors?: boolean };

const AUTHORS = [
  { id: 1, name: 'Jane Austen', nameAr: 'جين أوستن' },
  { id: 2, name: 'Charlotte Brontë', nameAr: null },
  { id: 3, name: 'Emily Brontë', nameAr: null },
];

/** Answers the catalogue endpoints like the API would, for a catalogue of `noOfRecords` books. */
function stubApi({ noOfRecords, fail = false, failAuthors = false }: Catalogue) {
  function answer(url: URL): Response {
    if (url.pathname === '/api/v1/genres')
      return jsonResponse([
        { id: 1, name: 'Classics' },
        { id: 2, name: 'Romance' },
      ]);
    if (url.pathname === '/api/v1/authors') {
      const name = url.searchParams.get('name')?.toLowerCase();
      if (name) return jsonResponse(AUTHORS.filter((a) => a.name.toLowerCase() === name));
      // As the API: a bounded page of the authors whose name holds the words, exact name first.
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const found = AUTHORS.filter((a) => a.name.toLowerCase().includes(search)).sort(
        (a, b) => Number(b.name.toLowerCase() === search) - Number(a.name.toLowerCase() === search),
      );
      return failAuthors
        ? jsonResponse({ title: 'Internal Server Error', status: 500 }, 500)
        : jsonResponse(found.slice(0, Number(url.searchParams.get('limit'))));
    }
    if (url.pathname === '/api/v1/books') {
      if (fail) return jsonResponse({ title: 'Internal Server Error', status: 500 }, 500);
      const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const first = (pageNo - 1) * pageSize;
      const data: Book[] = Array.from({ length: Math.max(0, Math.min(pageSize, noOfRecords - first)) }, (_, i) =>
        makeBook({ id: first + i + 1, title: `Book ${first + i + 1}` }),
      );
      return jsonResponse({
        data,
        paginationDetails: {
          currentPage: pageNo,
          totalPages: Math.ceil(noOfRecords / pageSize),
          noOfRecords,
          pageSize,
        },
      });
    }
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  }
  const api = answerApi(({ url }) => answer(url));
  const bookRequests = () => api.requests.map(({ url }) => url).filter((url) => url.pathname === '/api/v1/books');
  const authorQueries = () =>
    api.requests
      .filter(({ url }) => url.pathname === '/api/v1/authors')
      .map(({ url }) => Object.fromEntries(url.searchParams));
  return { api, authorQueries, lastBooksQuery: () => Object.fromEntries(bookRequests().at(-1)!.searchParams) };
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

beforeEach(() => {
  // jsdom does not lay out, so it has no scrolling to do.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BookBrowser paging', () => {
  it('shows five page buttons around the current page, with previous and next', async () => {
    stubApi({ noOfRecords: 170 });
    renderRoute(<BookBrowser />, { at: '/?pageNo=9' });
    await screen.findByText('Book 81');
    expect(pageButtons()).toEqual(['7', '8', '9', '10', '11']);
    expect(screen.getByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
    expect(screen.getByText('Showing 81–90 of 170 books')).toBeInTheDocument();
  });

  it('keeps five buttons at the ends and disables Previous on the first page', async () => {
    stubApi({ noOfRecords: 170 });
    renderRoute(<BookBrowser />);
    await screen.findByText('Book 1');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
  });

  it('moves to a page and writes it into the URL', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 170 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?pageSize=5' });
    await screen.findByText('Book 1');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(currentQuery(router)).toEqual({ pageSize: '5', pageNo: '3' });
    await screen.findByText('Book 11');
    expect(lastBooksQuery()).toEqual({ pageNo: '3', pageSize: '5' });

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(currentQuery(router)).toMatchObject({ pageNo: '4' });
    await screen.findByText('Book 16');
  });

  it('goes back to page 1 when the page size changes', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 170 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?pageNo=4' });
    await screen.findByText('Book 31');

    await userEvent.selectOptions(screen.getByLabelText('Books per page'), '20');
    expect(currentQuery(router)).toEqual({ pageSize: '20' });
    await screen.findByText('Book 20');
    expect(lastBooksQuery()).toEqual({ pageNo: '1', pageSize: '20' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('offers the page sizes 5 to 25', async () => {
    stubApi({ noOfRecords: 3 });
    renderRoute(<BookBrowser />);
    const select = screen.getByLabelText('Books per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '15', '20', '25']);
    await screen.findByText('Book 1');
    // A single page needs no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('BookBrowser filters', () => {
  it('puts a chosen filter in the URL and starts again from page 1', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 170 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?pageNo=3' });
    await screen.findByText('Book 21');

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Genre' }), 'Romance');
    expect(currentQuery(router)).toEqual({ genre: 'Romance' });
    await waitFor(() => expect(lastBooksQuery()).toEqual({ genre: 'Romance', pageNo: '1', pageSize: '10' }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Discounted only' }));
    expect(currentQuery(router)).toEqual({ genre: 'Romance', filterInStock: 'true', hasDiscount: 'true' });
    await waitFor(() => expect(lastBooksQuery()).toMatchObject({ filterInStock: 'true', hasDiscount: 'true' }));

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(currentQuery(router)).toEqual({});
  });

  it('reads the filters of a shared link', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 30 });
    renderRoute(<BookBrowser />, {
      at: '/?author=Jane%20Austen&minPrice=20&maxPrice=150&filterInStock=true&pageNo=2&pageSize=5',
    });
    await screen.findByText('Book 6');
    expect(lastBooksQuery()).toEqual({
      author: 'Jane Austen',
      minPrice: '20',
      maxPrice: '150',
      filterInStock: 'true',
      pageNo: '2',
      pageSize: '5',
    });
    expect(await screen.findByRole('combobox', { name: 'Author' })).toHaveValue('Jane Austen');
    expect(screen.getByRole('slider', { name: 'Minimum price' })).toHaveValue('20');
    expect(screen.getByRole('slider', { name: 'Maximum price' })).toHaveValue('150');
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
  });

  it('ignores values in the URL that the API would reject', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 30 });
    renderRoute(<BookBrowser />, { at: '/?pageSize=1000&pageNo=-2&minPrice=abc&filterInStock=maybe' });
    await screen.findByText('Book 1');
    expect(lastBooksQuery()).toEqual({ pageNo: '1', pageSize: '10' });
  });

  it('commits the price range once the slider rests', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 30 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?pageNo=2' });
    await screen.findByText('Book 11');
    // Dragging is a stream of input events; user-event cannot drag a range thumb.
    fireEvent.input(screen.getByRole('slider', { name: 'Maximum price' }), { target: { value: '200' } });
    fireEvent.input(screen.getByRole('slider', { name: 'Minimum price' }), { target: { value: '50' } });
    expect(await screen.findByText('Dhs 50 – Dhs 200')).toBeInTheDocument();
    await waitFor(() => expect(currentQuery(router)).toEqual({ minPrice: '50', maxPrice: '200' }));
    await waitFor(() => expect(lastBooksQuery()).toMatchObject({ minPrice: '50', maxPrice: '200', pageNo: '1' }));
  });

  it('pins the genre of a genre page and hides its select', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 3 });
    renderRoute(<BookBrowser genre="Classics" />, { at: '/genres/Classics', route: '/genres/:genreName' });
    await screen.findByText('Book 1');
    expect(lastBooksQuery()).toMatchObject({ genre: 'Classics' });
    expect(screen.queryByRole('combobox', { name: 'Genre' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Author' })).toBeInTheDocument();
  });
});

describe('BookBrowser author picker (decision 097)', { timeout: 15_000 }, () => {
  it('asks for a few authors as the customer types, and keeps the one chosen with the keyboard in the URL', async () => {
    const { authorQueries, lastBooksQuery } = stubApi({ noOfRecords: 30 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?pageNo=2' });
    await screen.findByText('Book 11');
    // Nothing is asked for until the list opens: the page carries no list of authors.
    expect(authorQueries()).toEqual([]);

    const picker = screen.getByRole('combobox', { name: 'Author' });
    expect(picker).toHaveAttribute('placeholder', 'All authors');
    await userEvent.type(picker, 'bront');
    // Typing is debounced: the last words are asked for, each answer bounded.
    await waitFor(() => expect(authorQueries().at(-1)).toEqual({ search: 'bront', limit: '10' }));
    expect(authorQueries().every((q) => q.limit === '10')).toBe(true);
    const list = await screen.findByRole('listbox', { name: 'Authors found' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Charlotte Brontë', 'Emily Brontë']);
    expect(picker).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(picker).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(currentQuery(router)).toEqual({ author: 'Emily Brontë' });
    await waitFor(() => expect(lastBooksQuery()).toEqual({ author: 'Emily Brontë', pageNo: '1', pageSize: '10' }));
    expect(picker).toHaveValue('Emily Brontë');
    expect(picker).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Show every author (clear Emily Brontë)' }));
    expect(currentQuery(router)).toEqual({});
    expect(picker).toHaveValue('');
  });

  it('chooses with a click, and Escape gives back the chosen name', async () => {
    const { authorQueries } = stubApi({ noOfRecords: 3 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?author=Jane%20Austen' });
    const picker = await screen.findByRole('combobox', { name: 'Author' });
    await waitFor(() => expect(picker).toHaveValue('Jane Austen'));
    // The chosen author alone is looked up, by name.
    expect(authorQueries()).toEqual([{ name: 'Jane Austen' }]);
    await userEvent.clear(picker);
    await userEvent.type(picker, 'charl');
    await userEvent.click(await screen.findByRole('option', { name: 'Charlotte Brontë' }));
    expect(currentQuery(router)).toEqual({ author: 'Charlotte Brontë' });

    await userEvent.type(picker, 'xyz');
    await userEvent.keyboard('{Escape}{Escape}');
    expect(picker).toHaveValue('Charlotte Brontë');
    expect(currentQuery(router)).toEqual({ author: 'Charlotte Brontë' });
  });

  it('says when no author matches and when the search fails', async () => {
    stubApi({ noOfRecords: 3 });
    renderRoute(<BookBrowser />);
    const picker = await screen.findByRole('combobox', { name: 'Author' });
    await userEvent.type(picker, 'zzz');
    expect(await screen.findByText('No author’s name holds “zzz”.')).toHaveAttribute('role', 'status');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    cleanup();

    stubApi({ noOfRecords: 3, failAuthors: true });
    renderRoute(<BookBrowser />);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Author' }), 'jane');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authors could not be found just now. Please try again.',
    );
  });
});

describe('BookBrowser filter sheet (phones and tablets)', () => {
  it('opens the filters in a dialog from the Filters button beside the search, applies them and closes', async () => {
    const { lastBooksQuery } = stubApi({ noOfRecords: 30 });
    const { router } = renderRoute(<BookBrowser search={<input aria-label="Search books" />} />);
    await screen.findByText('Book 1');
    // The search and the button share one row.
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.parentElement).toContainElement(screen.getByRole('textbox', { name: 'Search books' }));

    await userEvent.click(filters);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await userEvent.selectOptions(await within(sheet).findByRole('combobox', { name: 'Genre' }), 'Romance');
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'In stock only' }));
    expect(currentQuery(router)).toEqual({ genre: 'Romance', filterInStock: 'true' });
    await waitFor(() => expect(lastBooksQuery()).toMatchObject({ genre: 'Romance', filterInStock: 'true' }));

    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 30 books' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The button counts what narrows the list, and focus is back on it.
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveFocus();
  });

  it('closes on Escape and resets from the sheet', async () => {
    stubApi({ noOfRecords: 30 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?hasDiscount=true' });
    await screen.findByText('Book 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Reset filters' }));
    expect(currentQuery(router)).toEqual({});
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('BookBrowser past the last page', () => {
  it('says there is nothing on that page and links to the last one, keeping the filters', async () => {
    stubApi({ noOfRecords: 169 });
    const { router } = renderRoute(<BookBrowser />, { at: '/?filterInStock=true&pageNo=999&pageSize=10' });
    expect(
      await screen.findByText('There is nothing on page 999. These 169 books end on page 17.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No Books found.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^169 books$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    const last = screen.getByRole('link', { name: 'Go to the last page (17)' });
    expect(last).toHaveAttribute('href', '/?filterInStock=true&pageNo=17&pageSize=10');
    await userEvent.click(last);
    await screen.findByText('Book 169');
    expect(currentQuery(router)).toEqual({ filterInStock: 'true', pageNo: '17', pageSize: '10' });
    expect(screen.getByText('Showing 161–169 of 169 books')).toBeInTheDocument();
  });

  it('links a one-page list back to its first page without a page number', async () => {
    stubApi({ noOfRecords: 3 });
    renderRoute(<BookBrowser genre="Classics" />, { at: '/genres/Classics?pageNo=4', route: '/genres/:genreName' });
    expect(await screen.findByText('There is nothing on page 4. These 3 books end on page 1.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page (1)' })).toHaveAttribute('href', '/genres/Classics');
  });

  it('still says No Books found. when the filters match nothing', async () => {
    stubApi({ noOfRecords: 0 });
    renderRoute(<BookBrowser />, { at: '/?pageNo=3' });
    expect(await screen.findByText('No Books found.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /last page/ })).not.toBeInTheDocument();
  });
});

describe('BookBrowser states', () => {
  it('shows skeleton cards while loading, then the books', async () => {
    stubApi({ noOfRecords: 3 });
    renderRoute(<BookBrowser />, { at: '/?pageSize=5' });
    expect(screen.getByRole('status', { name: 'Loading books' })).toBeInTheDocument();
    await screen.findByText('Book 1');
    expect(screen.queryByRole('status', { name: 'Loading books' })).not.toBeInTheDocument();
  });

  it('says No Books found. for an empty result', async () => {
    stubApi({ noOfRecords: 0 });
    renderRoute(<BookBrowser />);
    expect(await screen.findByText('No Books found.')).toBeInTheDocument();
  });

  it('says An Error Has Occurred! when the list fails', async () => {
    stubApi({ noOfRecords: 0, fail: true });
    renderRoute(<BookBrowser />);
    expect(await screen.findByText('An Error Has Occurred!')).toBeInTheDocument();
  });
});
