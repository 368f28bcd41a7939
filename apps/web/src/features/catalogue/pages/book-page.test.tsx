import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../test/network.ts';
import { jsonResponse, makeBook, renderRoute } from '../testing/render.tsx';
import { coverPreload } from '../lib/image-sources.ts';
import { BookPage } from './book-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const karamazov = makeBook({
  title: 'The Brothers Karamazov',
  description: 'A passionate philosophical novel.',
  isbn: '9780374528379',
  price: 160,
  discountPercentage: 25,
  discountedPrice: 120,
  isNextDayDeliveryEligible: true,
  rating: 4.5,
  ratingCount: 12,
  imageUrls: ['/images/books/bk-a-400.webp', '/images/books/bk-b-400.webp', '/images/books/bk-c-400.webp'],
  mainImageIndex: 1,
  mainImageURL: '/images/books/bk-b-400.webp',
  authors: [{ id: 7, name: 'Fyodor Dostoevsky', nameAr: null }],
  genres: [{ id: 3, name: 'Classics', nameAr: null }],
});

function stubBook(response: Response) {
  return answerApi(() => response.clone());
}

const renderBookPage = (title: string) =>
  renderRoute(<BookPage />, { at: `/books/${encodeURIComponent(title)}`, route: '/books/:title' });

describe('BookPage', () => {
  it('shows the whole book and names the tab after it', async () => {
    const api = stubBook(jsonResponse(karamazov));
    renderBookPage('The Brothers Karamazov');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Brothers Karamazov' })).toBeInTheDocument();
    expect(api.requests[0]!.path).toBe('/api/v1/books/The%20Brothers%20Karamazov');
    // The head is written once its code has loaded (decision 103), a moment after the page.
    await waitFor(() => expect(document.title).toBe('The Brothers Karamazov | Bookshop'));
    expect(screen.getByRole('link', { name: 'Fyodor Dostoevsky' })).toHaveAttribute(
      'href',
      '/authors/Fyodor%20Dostoevsky',
    );
    expect(screen.getByRole('link', { name: 'Classics' })).toHaveAttribute('href', '/genres/Classics');
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('Dhs 160.00').tagName).toBe('S');
    expect(screen.getByText('Dhs 120.00')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByText('Next-day delivery available')).toBeInTheDocument();
    expect(screen.getByText('9780374528379')).toBeInTheDocument();
    expect(screen.getByText('A passionate philosophical novel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'ADD TO WISHLIST' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('opens the gallery on the main image and switches with the thumbnails', async () => {
    stubBook(jsonResponse(karamazov));
    renderBookPage('The Brothers Karamazov');

    const main = await screen.findByRole('img', { name: 'The Brothers Karamazov, image 1 of 3' });
    expect(main).toHaveAttribute('src', '/images/books/bk-b-400.webp');
    const thumbnails = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('button');
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(screen.getByRole('img', { name: 'The Brothers Karamazov, image 2 of 3' })).toHaveAttribute(
      'src',
      '/images/books/bk-a-400.webp',
    );
  });

  it('shows Out of Stock without the discount for a book that cannot be bought', async () => {
    stubBook(jsonResponse({ ...karamazov, isInStock: false, stockQuantity: 0, isNextDayDeliveryEligible: true }));
    renderBookPage('The Brothers Karamazov');
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByText('Dhs 160.00').tagName).not.toBe('S');
    expect(screen.queryByText('Next-day delivery available')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  });

  it('shows Page Not Found with a way home when there is no such book', async () => {
    stubBook(jsonResponse({ title: 'Not Found', status: 404, detail: 'No book titled "Nope".' }, 404));
    renderBookPage('Nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back To Home Page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Bookshop'));
  });

  it('shows An Error Has Occurred! when the book cannot be loaded', async () => {
    stubBook(jsonResponse({ title: 'Internal Server Error', status: 500 }, 500));
    renderBookPage('The Brothers Karamazov');
    expect(await screen.findByText('An Error Has Occurred!')).toBeInTheDocument();
  });

  it('fetches the cover first, with the srcset and sizes a server preload of it uses', async () => {
    stubBook(jsonResponse(karamazov));
    renderBookPage('The Brothers Karamazov');

    const cover = await screen.findByRole('img', { name: 'The Brothers Karamazov, image 1 of 3' });
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    const preload = coverPreload('/images/books/bk-b-400.webp');
    expect(cover).toHaveAttribute('src', preload.href);
    expect(cover).toHaveAttribute('srcset', preload.imageSrcSet);
    expect(cover).toHaveAttribute('sizes', preload.imageSizes);
  });

  it('holds the cover’s place while the book loads', async () => {
    let answer: (response: Response) => void = () => {};
    const api = answerApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderBookPage('The Brothers Karamazov');

    expect(screen.getByRole('status', { name: 'Loading book' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toHaveBeenCalledTimes(1));
    answer(jsonResponse(karamazov));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Brothers Karamazov' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading book' })).not.toBeInTheDocument();
  });
});
