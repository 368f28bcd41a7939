import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '@bookshop/contracts/wishlist';
import { BookActionsProvider } from '../../../lib/book-actions.tsx';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { WishListPage } from './wish-list-page.tsx';

/* /ar/wish-list (decision 089): the page's words in Arabic, books and authors by their Arabic names. */

const arabic = createI18n('ar', allMessages('ar'));

const wished = (id: number, overrides: Partial<WishlistItem>): WishlistItem => ({
  id,
  title: 'Emma',
  titleAr: null,
  description: '',
  descriptionAr: null,
  isbn: '9780000000000',
  price: 40,
  discountPercentage: 0,
  discountedPrice: 40,
  isInStock: true,
  stockQuantity: 5,
  isNextDayDeliveryEligible: false,
  rating: 4,
  ratingCount: 1,
  mainImageURL: null,
  imageUrls: [],
  mainImageIndex: 0,
  authors: [{ id: 1, name: 'Jane Austen', nameAr: null }],
  genres: [],
  addedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function renderPage(books: WishlistItem[]) {
  answerApi(({ method, path }) =>
    method === 'GET' && path === '/api/v1/wishlist'
      ? {
          body: {
            data: books,
            paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: books.length, pageSize: 20 },
          },
        }
      : undefined,
  );
  render(
    <I18nProvider i18n={arabic}>
      <QueryClientProvider client={createTestQueryClient()}>
        <BookActionsProvider
          value={{
            addToCart: vi.fn(async () => {}),
            wishlistStatus: () => 'present',
            addToWishlist: vi.fn(async () => {}),
            shortLink: vi.fn(() => Promise.resolve('https://shop.test/s/abc')),
          }}
        >
          <MemoryRouter>
            <WishListPage />
          </MemoryRouter>
        </BookActionsProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('/ar/wish-list', () => {
  it('says the wishlist is empty and leads to the books, in Arabic', async () => {
    renderPage([]);
    expect(screen.getByRole('heading', { level: 1, name: 'قائمة الأمنيات' })).toBeInTheDocument();
    expect(await screen.findByText('قائمة أمنياتك فارغة.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح الكتب' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'إفراغ قائمة الأمنيات' })).not.toBeInTheDocument();
  });

  it('names each book and author in Arabic where the shop has it, with ar-AE prices and an Arabic plural', async () => {
    renderPage([
      wished(1, {
        title: 'The Prophet',
        titleAr: 'النبي',
        authors: [{ id: 2, name: 'Kahlil Gibran', nameAr: 'جبران خليل جبران' }],
        price: 55,
        discountedPrice: 55,
      }),
      wished(2, { isInStock: false }),
    ]);

    const prophet = await screen.findByRole('listitem', { name: 'النبي' });
    // The link keeps the English title: the book's page is keyed by it.
    expect(within(prophet).getByRole('link', { name: 'النبي' })).toHaveAttribute('href', '/books/The%20Prophet');
    expect(prophet).toHaveTextContent('تأليف جبران خليل جبران');
    expect(prophet).toHaveTextContent(/55\.00\s*د\.إ\./);
    expect(prophet).toHaveTextContent('أُضيف في 20/11/2026، 2:00 م');
    expect(within(prophet).getByRole('button', { name: 'نقل إلى السلة — النبي' })).toBeEnabled();

    const emma = screen.getByRole('listitem', { name: 'Emma' });
    expect(emma).toHaveTextContent('تأليف Jane Austen');
    expect(emma).toHaveTextContent('نفدت الكمية');
    expect(screen.getByText('كتابان')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إفراغ قائمة الأمنيات' })).toBeInTheDocument();
  });
});
