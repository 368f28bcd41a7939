import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../test/network.ts';
import { jsonResponse, renderRoute } from '../testing/render.tsx';
import { SearchBox } from './search-box.tsx';

const results = [
  { id: 1, title: 'Pride and Prejudice', imageUrl: '/images/books/pride-400.webp' },
  { id: 2, title: 'Emma', imageUrl: null },
];

/** An API whose answer the test gives when it wants, to see the state in between. */
function deferredFetch() {
  const answers: ((response: Response) => void)[] = [];
  const api = answerApi(() => new Promise<Response>((resolve) => answers.push(resolve)));
  return { fetch: api.calls, requests: api.requests, answer: (response: Response) => answers.shift()?.(response) };
}

/** Moves the clock on, then gives the fake network the turn it takes to see a request. */
const elapse = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => new Promise((resolve) => setImmediate(resolve)));
};

function setup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderRoute(<SearchBox />, { at: '/' });
  return { user, ...view, input: screen.getByRole('combobox') };
}

beforeEach(() => {
  // The debounce's clock is faked; the network's own turns (setImmediate) run as they do.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // Testing Library only drives fake timers it recognises as Jest's; without this it waits on a
  // faked setTimeout that never fires.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SearchBox', () => {
  it('shows the placeholder and hint', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', 'What are you looking for?');
    expect(input).toHaveAccessibleDescription('Search by author, book or genre Name.');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('waits one second after typing, shows Loading..., then lists results linking to their books', async () => {
    const { fetch, requests, answer } = deferredFetch();
    const { user, input } = setup();

    await user.type(input, 'pride');
    await elapse(999);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    await elapse(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = requests[0]!.url;
    expect(url.pathname).toBe('/api/v1/books/search-books');
    expect(url.searchParams.get('keyword')).toBe('pride');
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    answer(jsonResponse(results));
    await elapse(10);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pride and Prejudice', 'Emma', 'See all results']);
    expect(options[0]).toHaveAttribute('href', '/books/Pride%20and%20Prejudice');
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/images/books/pride-400.webp');
  });

  it('restarts the wait on every keystroke', async () => {
    const { fetch, requests } = deferredFetch();
    const { user, input } = setup();
    await user.type(input, 'em');
    await elapse(800);
    await user.type(input, 'ma');
    await elapse(800);
    expect(fetch).not.toHaveBeenCalled();
    await elapse(200);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(requests[0]!.url.searchParams.get('keyword')).toBe('emma');
  });

  it('shows Error Fetching Books. when the search fails', async () => {
    const { answer } = deferredFetch();
    const { user, input } = setup();
    await user.type(input, 'emma');
    await elapse(1000);
    answer(jsonResponse({ title: 'Internal Server Error', status: 500 }, 500));
    await elapse(10);
    expect(screen.getByText('Error Fetching Books.')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { answer } = deferredFetch();
    const { user, input } = setup();
    await user.type(input, 'zzzz');
    await elapse(1000);
    answer(jsonResponse([]));
    await elapse(10);
    expect(screen.getByText(/No books match “zzzz”/)).toBeInTheDocument();
  });

  it('does not search for blank text', async () => {
    const { fetch } = deferredFetch();
    const { user, input } = setup();
    await user.type(input, '   ');
    await elapse(2000);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('moves through results with the arrow keys and opens one with Enter', async () => {
    const { answer } = deferredFetch();
    const { user, input, router } = setup();
    await user.type(input, 'austen');
    await elapse(1000);
    answer(jsonResponse(results));
    await elapse(10);

    await user.keyboard('{ArrowDown}');
    const [first, second, seeAll] = screen.getAllByRole('option');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first!.id);
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(seeAll).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    expect(second).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/books/Emma');
  });

  it('closes the list with Escape', async () => {
    const { answer } = deferredFetch();
    const { user, input } = setup();
    await user.type(input, 'austen');
    await elapse(1000);
    answer(jsonResponse(results));
    await elapse(10);
    expect(screen.getByRole('listbox')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('austen');
  });

  it('opens the results page with Enter when no result is chosen, without waiting for the list', async () => {
    const { fetch } = deferredFetch();
    const { user, input, router } = setup();
    await user.type(input, '  war & peace ');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?keyword=war+%26+peace');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does nothing on Enter in an empty box', async () => {
    const { user, input, router } = setup();
    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');
  });

  it('ends the list with a See all results option, reached by the arrow keys and opened with Enter', async () => {
    const { answer } = deferredFetch();
    const { user, input, router } = setup();
    await user.type(input, 'poetry');
    await elapse(1000);
    answer(jsonResponse(results));
    await elapse(10);

    const seeAll = screen.getByRole('option', { name: 'See all results' });
    expect(screen.getByRole('listbox')).toContainElement(seeAll);
    expect(seeAll).toHaveAttribute('href', '/search?keyword=poetry');
    // Up from the input wraps to the last option.
    await user.keyboard('{ArrowUp}');
    expect(seeAll).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', seeAll.id);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?keyword=poetry');
  });

  it('opens the results page when See all results is clicked', async () => {
    const { answer } = deferredFetch();
    const { user, input, router } = setup();
    await user.type(input, 'poetry');
    await elapse(1000);
    answer(jsonResponse(results));
    await elapse(10);
    await user.click(screen.getByRole('option', { name: /See all results/ }));
    expect(router.state.location.search).toBe('?keyword=poetry');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
