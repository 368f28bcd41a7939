import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOK_TITLE_MAX, BookAdminMessages } from '@bookshop/contracts/book-admin';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { answerApi, ok } from '../../../../test/network.ts';
import { makeViewer } from '../../testing/render-dashboard.tsx';
import { FakeXhr, makeStaffBook, renderAdminPage } from '../testing/render-admin-page.tsx';
import { AddBookPage } from './add-book-page.tsx';
import { UpdateBookPage } from './update-book-page.tsx';

/** The book form's Arabic fields (decision 090): right-to-left inputs, sent beside the English. */

function answerNames() {
  answerApi(({ method, path }) => {
    if (path === '/api/v1/authors') return ok([{ id: 1, name: 'Ann Author', nameAr: null }]);
    if (path === '/api/v1/genres') return ok([{ id: 3, name: 'Fiction', nameAr: 'روايات' }]);
    if (path === '/api/v1/books/book-for-update/7')
      return ok(
        makeStaffBook(7, {
          title: 'Kalila and Dimna',
          titleAr: 'كليلة ودمنة',
          descriptionAr: 'حكايات على ألسنة الحيوان.',
          authors: [{ id: 1, name: 'Ann Author', nameAr: null }],
          genres: [{ id: 3, name: 'Fiction', nameAr: 'روايات' }],
        }),
      );
    if (method === 'GET' && path === '/api/v1/books/7/stock-movements')
      return ok({ data: [], paginationDetails: { currentPage: 1, totalPages: 0, noOfRecords: 0, pageSize: 10 } });
    return undefined;
  });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

const addPage = () =>
  renderAdminPage(makeViewer(RoleName.Supervisor), Routes.adminAddBook, <AddBookPage />, Routes.adminAddBook);
const updatePage = () =>
  renderAdminPage(
    makeViewer(RoleName.Supervisor),
    Routes.adminUpdateBook,
    <UpdateBookPage />,
    '/admin/dashboard/update-book/7',
  );

describe('the Arabic fields of the add-book form', () => {
  beforeEach(() => {
    localStorage.clear();
    answerNames();
  });

  it('are right-to-left Arabic inputs, and the form sends them with the Arabic names of its authors and genres', async () => {
    const user = userEvent.setup();
    addPage();
    const titleAr = screen.getByLabelText('Arabic Title');
    expect(titleAr).toHaveAttribute('dir', 'rtl');
    expect(titleAr).toHaveAttribute('lang', 'ar');
    expect(screen.getByLabelText('Arabic Description')).toHaveAttribute('dir', 'rtl');

    await user.type(screen.getByLabelText('Title'), 'The Ring of the Dove');
    await user.type(titleAr, 'طوق الحمامة');
    await user.type(screen.getByLabelText('Description'), 'On love.');
    await user.type(screen.getByLabelText('Arabic Description'), 'رسالة في الحب.');
    await user.type(screen.getByLabelText('ISBN'), '9780306406157');
    await user.type(screen.getByLabelText('Price (Dhs)'), '30');
    await user.type(screen.getByRole('combobox', { name: 'Authors' }), 'Ibn Hazm');
    await screen.findByRole('option', { name: 'Add “Ibn Hazm” as a new author' });
    await user.keyboard('{Enter}');
    const authorAr = screen.getByLabelText('Arabic name of Ibn Hazm');
    expect(authorAr).toHaveAttribute('dir', 'rtl');
    expect(authorAr).toHaveAttribute('lang', 'ar');
    await user.type(authorAr, 'ابن حزم');
    await user.type(screen.getByRole('combobox', { name: 'Genres' }), 'Fic');
    await screen.findByRole('option', { name: 'Fiction' });
    await user.keyboard('{Enter}');
    // The genre's Arabic name as the shop has it, ready to correct.
    const genreAr = screen.getByLabelText('Arabic name of Fiction');
    expect(genreAr).toHaveValue('روايات');
    await user.clear(genreAr);
    await user.type(genreAr, 'أدب قصصي');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const body = FakeXhr.sent[0]!.body!;
    expect(body.get('titleAr')).toBe('طوق الحمامة');
    expect(body.get('descriptionAr')).toBe('رسالة في الحب.');
    expect(JSON.parse(body.get('authors') as string)).toEqual([{ name: 'Ibn Hazm', nameAr: 'ابن حزم' }]);
    expect(JSON.parse(body.get('genres') as string)).toEqual([{ id: 3, nameAr: 'أدب قصصي' }]);
  });

  it('sends an existing genre by id alone when its Arabic name is left as it was', async () => {
    const user = userEvent.setup();
    addPage();
    await user.type(screen.getByLabelText('Title'), 'Plain');
    await user.type(screen.getByLabelText('Description'), 'Plain.');
    await user.type(screen.getByLabelText('ISBN'), '9780306406157');
    await user.type(screen.getByLabelText('Price (Dhs)'), '30');
    await user.type(screen.getByRole('combobox', { name: 'Authors' }), 'Ann');
    await screen.findByRole('option', { name: 'Ann Author' });
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Genres' }), 'Fic');
    await screen.findByRole('option', { name: 'Fiction' });
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const body = FakeXhr.sent[0]!.body!;
    expect(body.get('titleAr')).toBe('');
    expect(JSON.parse(body.get('authors') as string)).toEqual([1]);
    expect(JSON.parse(body.get('genres') as string)).toEqual([3]);
  });

  it("checks the Arabic title's length as the API does, and shows the API's messages on the Arabic fields", async () => {
    const user = userEvent.setup();
    addPage();
    const titleAr = screen.getByLabelText('Arabic Title');
    await user.click(titleAr);
    await user.paste('ع'.repeat(BOOK_TITLE_MAX + 1));
    expect(await screen.findByText(BookAdminMessages.titleArMax)).toBeInTheDocument();
    expect(titleAr).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText(BookAdminMessages.titleArMax)).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Title'), 'Emma');
    await user.type(screen.getByLabelText('Description'), 'A novel.');
    await user.type(screen.getByLabelText('ISBN'), '9780306406157');
    await user.type(screen.getByLabelText('Price (Dhs)'), '10');
    await user.type(screen.getByRole('combobox', { name: 'Authors' }), 'Jane');
    await screen.findByRole('option', { name: 'Add “Jane” as a new author' });
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Genres' }), 'Fic');
    await screen.findByRole('option', { name: 'Fiction' });
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.respond(400, {
        title: 'Validation Failed',
        status: 400,
        errors: { descriptionAr: [BookAdminMessages.descriptionArMax] },
      }),
    );
    expect(await screen.findByText(BookAdminMessages.descriptionArMax)).toBeInTheDocument();
    expect(screen.getByLabelText('Arabic Description')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the Arabic fields of the update-book form', () => {
  beforeEach(() => answerNames());

  it('open with what the book has, and an emptied Arabic title is sent empty, which clears it', async () => {
    const user = userEvent.setup();
    updatePage();
    const titleAr = await screen.findByLabelText('Arabic Title');
    expect(titleAr).toHaveValue('كليلة ودمنة');
    expect(screen.getByLabelText('Arabic Description')).toHaveValue('حكايات على ألسنة الحيوان.');
    await waitFor(() => expect(screen.getByLabelText('Arabic name of Fiction')).toHaveValue('روايات'));
    await user.clear(titleAr);
    await user.type(screen.getByLabelText('Arabic name of Ann Author'), 'آن');
    await user.click(screen.getByRole('button', { name: 'Save Book' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const body = FakeXhr.sent[0]!.body!;
    expect(body.get('titleAr')).toBe('');
    expect(body.get('descriptionAr')).toBe('حكايات على ألسنة الحيوان.');
    expect(JSON.parse(body.get('authors') as string)).toEqual([{ id: 1, nameAr: 'آن' }]);
    expect(JSON.parse(body.get('genres') as string)).toEqual([3]);
  });
});
