import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast.tsx';
import { makeBook, renderRoute } from '../testing/render.tsx';
import { BookCard } from './book-card.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('BookCard', () => {
  it('shows the book: responsive lazy image, price, title link, rating, author and genre links', () => {
    const book = makeBook({
      title: 'Pride and Prejudice',
      price: 35.5,
      rating: 3.4,
      mainImageURL: '/images/books/pride-400.webp',
      authors: [{ id: 1, name: 'Jane Austen', nameAr: null }],
      genres: [
        { id: 1, name: 'Classics', nameAr: null },
        { id: 2, name: 'Romance', nameAr: null },
      ],
    });
    renderRoute(<BookCard book={book} />);

    const image = screen.getByRole('img', { name: 'Pride and Prejudice' });
    expect(image).toHaveAttribute('src', '/images/books/pride-400.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/images/books/pride-200.webp 200w, /images/books/pride-400.webp 400w, /images/books/pride-800.webp 800w',
    );
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Dhs 35.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pride and Prejudice' })).toBeInTheDocument();
    // The cover and the title both open the book.
    for (const link of screen.getAllByRole('link', { name: 'Pride and Prejudice' })) {
      expect(link).toHaveAttribute('href', '/books/Pride%20and%20Prejudice');
    }
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jane Austen' })).toHaveAttribute('href', '/authors/Jane%20Austen');
    expect(screen.getByRole('link', { name: 'Romance' })).toHaveAttribute('href', '/genres/Romance');
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  it('shows a neutral placeholder when the book has no image', () => {
    renderRoute(<BookCard book={makeBook({ title: 'Emma', mainImageURL: null, imageUrls: [] })} />);
    const placeholder = screen.getByRole('img', { name: 'Emma' });
    expect(placeholder.tagName).toBe('DIV');
  });

  it('marks an out-of-stock book and disables ADD TO CART', () => {
    renderRoute(<BookCard book={makeBook({ isInStock: false, stockQuantity: 0 })} />);
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  });

  it('strikes through the price beside the discounted price when the book is in stock', () => {
    renderRoute(<BookCard book={makeBook({ price: 35.5, discountPercentage: 10, discountedPrice: 31.95 })} />);
    const original = screen.getByText('Dhs 35.50');
    expect(original.tagName).toBe('S');
    expect(screen.getByText('Dhs 31.95')).toBeInTheDocument();
  });

  it('does not strike the price of a discounted book that is out of stock', () => {
    renderRoute(
      <BookCard book={makeBook({ price: 35.5, discountPercentage: 10, discountedPrice: 31.95, isInStock: false })} />,
    );
    expect(screen.getByText('Dhs 35.50').tagName).not.toBe('S');
    expect(screen.queryByText('Dhs 31.95')).not.toBeInTheDocument();
  });

  it('adds to the cart, disabled while pending, then toasts success', async () => {
    const success = vi.spyOn(toast, 'success');
    let finish = () => {};
    const addToCart = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const book = makeBook();
    renderRoute(<BookCard book={book} />, { actions: { addToCart } });

    const button = screen.getByRole('button', { name: 'ADD TO CART' });
    await userEvent.click(button);
    expect(addToCart).toHaveBeenCalledWith(book);
    expect(button).toBeDisabled();
    finish();
    await waitFor(() => expect(button).toBeEnabled());
    expect(success).toHaveBeenCalledWith('Book Added To Cart.');
  });

  it('toasts the failure when the cart rejects', async () => {
    const error = vi.spyOn(toast, 'error');
    renderRoute(<BookCard book={makeBook()} />, { actions: { addToCart: () => Promise.reject(new Error('no')) } });
    await userEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to add book to cart.', 'no'));
  });

  it('asks a guest to log in, remembering where they were', async () => {
    const { router } = renderRoute(<BookCard book={makeBook()} />, {
      at: '/genres/Classics?pageNo=2',
      route: '/genres/:genreName',
      actions: { wishlistStatus: () => 'guest' },
    });
    const link = screen.getByRole('link', { name: 'LOGIN TO ADD WISHLIST' });
    expect(link).toHaveAttribute('href', '/login');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/genres/Classics', search: '?pageNo=2' },
    });
  });

  it('shows a disabled Already Added when the book is on the wishlist', () => {
    renderRoute(<BookCard book={makeBook()} />, { actions: { wishlistStatus: () => 'present' } });
    expect(screen.getByRole('button', { name: 'Already Added' })).toBeDisabled();
  });

  it('adds to the wishlist with a success toast, and stays silent when that fails', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const addToWishlist = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('no'));
    renderRoute(<BookCard book={makeBook()} />, { actions: { addToWishlist } });
    const card = screen.getByRole('article');

    await userEvent.click(within(card).getByRole('button', { name: 'ADD TO WISHLIST' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Book Added To Wishlist.'));

    await userEvent.click(within(card).getByRole('button', { name: 'ADD TO WISHLIST' }));
    await waitFor(() => expect(addToWishlist).toHaveBeenCalledTimes(2));
    expect(error).not.toHaveBeenCalled();
  });
});
