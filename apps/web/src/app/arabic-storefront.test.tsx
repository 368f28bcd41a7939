import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../lib/i18n/i18n.tsx';
import { basenameOf, type Locale } from '../lib/i18n/locale.ts';
import { answerApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { jsonResponse, makeBook } from '../features/catalogue/testing/render.tsx';
import { AppProviders } from './providers.tsx';
import { routesFor } from './router.tsx';

/*
 * The storefront in both languages (decision 089): the same routes, English at the spec's paths,
 * Arabic under /ar with the router's basename, each rendered with its own catalogue.
 */

const i18ns = { en: createI18n('en', allMessages('en')), ar: createI18n('ar', allMessages('ar')) };

function renderAt(path: string, locale: Locale) {
  const router = createMemoryRouter(routesFor(locale), { initialEntries: [path], basename: basenameOf(locale) });
  render(
    <I18nProvider i18n={i18ns[locale]}>
      <AppProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </I18nProvider>,
  );
}

const book = makeBook({ title: 'The Time Machine', price: 1234.5, discountedPrice: 1234.5, discountPercentage: 0 });

beforeEach(() => {
  answerApi(({ url }) => {
    if (url.pathname === '/api/v1/genres') return jsonResponse([{ id: 1, name: 'Science Fiction' }]);
    if (url.pathname === '/api/v1/authors') return jsonResponse([{ id: 1, name: 'H. G. Wells' }]);
    if (url.pathname === '/api/v1/books')
      return jsonResponse({
        data: [book],
        paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 1, pageSize: 10 },
      });
    return undefined;
  });
});

describe('the home page in Arabic at /ar', () => {
  it('speaks Arabic in the shell and the book list, and links within /ar', async () => {
    renderAt('/ar', 'ar');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'كتب تستحق القراءة، نوصلها في أنحاء الإمارات' }),
    ).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'القائمة الرئيسية' }));
    expect(nav.getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/ar');
    expect(nav.getByRole('link', { name: 'من نحن' })).toHaveAttribute('href', '/ar/about-us');
    expect(screen.getByRole('button', { name: 'تسوّق حسب الفئة' })).toBeInTheDocument();

    const card = within(await screen.findByRole('article'));
    for (const link of card.getAllByRole('link', { name: 'The Time Machine' }))
      expect(link).toHaveAttribute('href', '/ar/books/The%20Time%20Machine');
    // Prices through Intl ar-AE in Latin digits.
    expect(card.getByText(/1,234\.50\s*د\.إ\./)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'أضف إلى السلة' })).toBeInTheDocument();
    // ICU plurals: one book is 'كتاب واحد'.
    await waitFor(() => expect(screen.getByText('عرض 1–1 من كتاب واحد')).toBeInTheDocument());

    // The switch leads to the same page in English from the header and the footer (the mobile
    // menu's is in its closed panel).
    const switches = screen.getAllByRole('link', { name: 'English' });
    expect(switches).toHaveLength(2);
    for (const link of switches) {
      expect(link).toHaveAttribute('href', '/');
      expect(link).toHaveAttribute('lang', 'en');
    }
    expect(screen.getByRole('contentinfo')).toHaveTextContent('جميع الحقوق محفوظة');
  });

  it('keeps the query string when switching language', async () => {
    renderAt('/ar?pageNo=1&pageSize=10', 'ar');
    const [first] = await screen.findAllByRole('link', { name: 'English' });
    expect(first).toHaveAttribute('href', '/?pageNo=1&pageSize=10');
  });
});

describe('the home page in English at /', () => {
  it("keeps the spec's English and offers Arabic", async () => {
    renderAt('/', 'en');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Books worth reading, delivered across the UAE' }),
    ).toBeInTheDocument();
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Dhs 1234.50')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'ADD TO CART' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1 book')).toBeInTheDocument());
    const switches = screen.getAllByRole('link', { name: 'العربية' });
    expect(switches).toHaveLength(2);
    for (const link of switches) {
      expect(link).toHaveAttribute('href', '/ar');
      expect(link).toHaveAttribute('lang', 'ar');
    }
  });
});

describe('the cart in Arabic at /ar/cart', () => {
  it('says an empty cart is empty in Arabic and leads back to the Arabic books', async () => {
    renderAt('/ar/cart', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'سلة التسوق' })).toBeInTheDocument();
    expect(await screen.findByText('سلتك فارغة.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح الكتب' })).toHaveAttribute('href', '/ar');
    await waitFor(() => expect(document.title).toBe('السلة | Bookshop'));
  });
});

describe('pages without an Arabic version', () => {
  it('answer /ar/admin with the Arabic Page Not Found, leading back to the Arabic home page', async () => {
    renderAt('/ar/admin/dashboard', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/ar');
  });
});

describe('the Arabic catalogue on Arabic pages (decision 090)', () => {
  const kalila = makeBook({
    id: 7,
    title: 'Kalila and Dimna',
    titleAr: 'كليلة ودمنة',
    description: 'Fables told by a sage to a king.',
    descriptionAr: 'حكايات يرويها حكيم لملك.',
    authors: [{ id: 3, name: 'Ibn al-Muqaffa', nameAr: 'ابن المقفع' }],
    genres: [{ id: 4, name: 'Fables', nameAr: 'حكايات' }],
  });

  beforeEach(() => {
    answerApi(({ url }) => {
      if (url.pathname === '/api/v1/genres')
        return jsonResponse([
          { id: 4, name: 'Fables', nameAr: 'حكايات' },
          { id: 5, name: 'Poetry', nameAr: 'شعر' },
          { id: 6, name: 'Travel', nameAr: null },
        ]);
      if (url.pathname === '/api/v1/authors')
        return jsonResponse([{ id: 3, name: 'Ibn al-Muqaffa', nameAr: 'ابن المقفع' }]);
      if (url.pathname === '/api/v1/books')
        return jsonResponse({
          data: [kalila],
          paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 1, pageSize: 10 },
        });
      if (url.pathname === '/api/v1/books/Kalila%20and%20Dimna') return jsonResponse(kalila);
      return undefined;
    });
  });

  it('shows the Arabic title and names on a card, linking by the English title, and offers Arabic names in the filters', async () => {
    renderAt('/ar', 'ar');
    const card = within(await screen.findByRole('article'));
    for (const link of card.getAllByRole('link', { name: 'كليلة ودمنة' }))
      expect(link).toHaveAttribute('href', '/ar/books/Kalila%20and%20Dimna');
    expect(card.getByRole('link', { name: 'ابن المقفع' })).toHaveAttribute('href', '/ar/authors/Ibn%20al-Muqaffa');
    expect(card.getByRole('link', { name: 'حكايات' })).toHaveAttribute('href', '/ar/genres/Fables');

    const genre = await screen.findByRole('combobox', { name: 'الفئة' });
    await waitFor(() => expect(within(genre).getByRole('option', { name: 'شعر' })).toHaveValue('Poetry'));
    // A genre without an Arabic name keeps its English one.
    expect(within(genre).getByRole('option', { name: 'Travel' })).toHaveValue('Travel');
  });

  it('shows the chosen author of the address in Arabic in the author picker (decision 097)', async () => {
    renderAt('/ar?author=Ibn%20al-Muqaffa', 'ar');
    const picker = await screen.findByRole('combobox', { name: 'المؤلف' });
    await waitFor(() => expect(picker).toHaveValue('ابن المقفع'));
    expect(picker).toHaveAttribute('placeholder', 'كل المؤلفين');
    expect(screen.getByRole('button', { name: 'اعرض كل المؤلفين (إلغاء ابن المقفع)' })).toBeInTheDocument();
  });

  it('keeps the English on English pages', async () => {
    renderAt('/', 'en');
    const card = within(await screen.findByRole('article'));
    expect(card.getAllByRole('link', { name: 'Kalila and Dimna' }).length).toBeGreaterThan(0);
    expect(card.getByRole('link', { name: 'Ibn al-Muqaffa' })).toBeInTheDocument();
  });

  it('titles the book page in Arabic, with its Arabic description, and names the document after it', async () => {
    renderAt('/ar/books/Kalila%20and%20Dimna', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'كليلة ودمنة' })).toBeInTheDocument();
    expect(screen.getByText('حكايات يرويها حكيم لملك.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'كليلة ودمنة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'مشاركة' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('كليلة ودمنة | Bookshop'));
  });
});
