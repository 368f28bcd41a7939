import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookAdminMessages } from '@bookshop/contracts/book-admin';
import { AUTHOR_SEARCH_MAX_LIMIT } from '@bookshop/contracts/constants';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { answerApi } from '../../../../test/network.ts';
import { makeViewer } from '../../testing/render-dashboard.tsx';
import { FakeXhr, makeStaffBook, renderAdminPage } from '../testing/render-admin-page.tsx';
import { AddBookPage } from './add-book-page.tsx';

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function setUp(role: RoleName = RoleName.Supervisor) {
  const api = answerApi(({ path }) => {
    if (path === '/api/v1/authors') return { body: [{ id: 1, name: 'Ann Author' }] };
    if (path === '/api/v1/genres') return { body: [{ id: 3, name: 'Fiction' }] };
    return undefined;
  });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
  return { api, ...renderAdminPage(makeViewer(role), Routes.adminAddBook, <AddBookPage />, Routes.adminAddBook) };
}

describe('the add-book form', () => {
  beforeEach(() => localStorage.clear());

  it('shows a User a "not allowed" page instead of the form', () => {
    setUp(RoleName.User);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role does not allow you to add books');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it("validates on every change with the API's messages", async () => {
    const user = userEvent.setup();
    setUp();
    await user.type(screen.getByLabelText('Title'), 'X');
    await user.clear(screen.getByLabelText('Title'));
    expect(await screen.findByText(BookAdminMessages.titleRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('ISBN'), '9780306406158');
    expect(await screen.findByText(BookAdminMessages.isbnInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('ISBN'));
    await user.type(screen.getByLabelText('ISBN'), '978-0-306-40615-7');
    await waitFor(() => expect(screen.queryByText(BookAdminMessages.isbnInvalid)).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText('Discount Percentage'));
    await user.type(screen.getByLabelText('Discount Percentage'), '100.01');
    expect(await screen.findByText(BookAdminMessages.discountMax)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Discount Percentage'));
    await user.type(screen.getByLabelText('Discount Percentage'), '100');
    await waitFor(() => expect(screen.queryByText(BookAdminMessages.discountMax)).not.toBeInTheDocument());
  });

  it('blocks keystrokes the price and percentage rules can never accept', async () => {
    const user = userEvent.setup();
    setUp();
    await user.type(screen.getByLabelText('Price (Dhs)'), 'a1b2.3.45-6');
    expect(screen.getByLabelText('Price (Dhs)')).toHaveValue('12.34');
    await user.clear(screen.getByLabelText('Discount Percentage'));
    await user.type(screen.getByLabelText('Discount Percentage'), '1234.567');
    expect(screen.getByLabelText('Discount Percentage')).toHaveValue('123.56');
    await user.clear(screen.getByLabelText('Stock Quantity'));
    await user.type(screen.getByLabelText('Stock Quantity'), '7.5x');
    expect(screen.getByLabelText('Stock Quantity')).toHaveValue('75');
  });

  it('finds an author by typing and adds a new one from the keyboard', async () => {
    const user = userEvent.setup();
    setUp();
    const authors = screen.getByRole('combobox', { name: 'Authors' });
    await user.click(authors);
    await user.type(authors, 'ann');
    expect(await screen.findByRole('option', { name: 'Ann Author' })).toBeInTheDocument();
    expect(authors).toHaveAttribute('placeholder', 'Search or add an author');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Genres' })).toHaveAttribute('placeholder', 'Search or add a genre'),
    );
    await user.keyboard('{Enter}');
    const chosen = screen.getByRole('list', { name: 'Chosen authors' });
    expect(within(chosen).getByText('Ann Author')).toBeInTheDocument();

    await user.type(authors, 'Nora Ink');
    // Offered as new once the shop has answered that it has no author of that name.
    const create = await screen.findByRole('option', { name: 'Add “Nora Ink” as a new author' });
    expect(create).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(chosen).getByText('Nora Ink')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove author Ann Author' }));
    expect(within(chosen).queryByText('Ann Author')).not.toBeInTheDocument();
  });

  it('asks the shop for the authors matching what is typed, a few at a time, never for all of them', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    const authors = screen.getByRole('combobox', { name: 'Authors' });
    await user.type(authors, 'ann');
    await screen.findByRole('option', { name: 'Ann Author' });

    const asked = () => api.sent('GET', '/api/v1/authors').map((request) => new URLSearchParams(request.search));
    await waitFor(() => expect(asked().map((query) => query.get('search'))).toContain('ann'));
    // Every answer is bounded (the first, with nothing typed, is the first names A–Z) ...
    for (const query of asked()) expect(query.get('limit')).toBe(String(AUTHOR_SEARCH_MAX_LIMIT));
    // ... and typing pauses before asking: not one request per letter.
    expect(asked().map((query) => query.get('search'))).not.toContain('an');
  });

  it('adds, refuses, reorders, chooses the main one and removes images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    setUp();
    const input = screen.getByLabelText('Choose images');
    await user.upload(input, [
      png('one.png'),
      png('two.png'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      png('huge.png', 10 * 1024 * 1024 + 1),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`notes.txt: ${BookAdminMessages.imageType}`);
    expect(alert).toHaveTextContent(`huge.png: ${BookAdminMessages.imageTooLarge}`);
    const list = screen.getByRole('list', { name: 'Book images' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['blob:preview-1', 'blob:preview-2']);
    expect(screen.getByRole('radio', { name: 'Make image 1 the main image' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['blob:preview-2', 'blob:preview-1']);
    // The main image moved with its picture.
    expect(screen.getByRole('radio', { name: 'Make image 2 the main image' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Make image 1 the main image' }));
    expect(screen.getByRole('radio', { name: 'Make image 1 the main image' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['blob:preview-1']);

    await user.upload(
      input,
      Array.from({ length: 10 }, (_, i) => png(`more-${i}.png`)),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`more-9.png: ${BookAdminMessages.imagesMax}`);
    expect(within(list).getAllByRole('img')).toHaveLength(10);
  });

  it('sends the multipart form with upload progress, then says Book added. and opens the table', async () => {
    const user = userEvent.setup();
    const { router } = setUp();
    await user.type(screen.getByLabelText('Title'), 'Sea Glass');
    await user.type(screen.getByLabelText('Description'), 'Tides.');
    await user.type(screen.getByLabelText('ISBN'), '9780306406157');
    await user.type(screen.getByLabelText('Price (Dhs)'), '49.99');
    const authors = screen.getByRole('combobox', { name: 'Authors' });
    await user.type(authors, 'Nora Ink');
    await screen.findByRole('option', { name: 'Add “Nora Ink” as a new author' });
    await user.keyboard('{Enter}');
    const genres = screen.getByRole('combobox', { name: 'Genres' });
    await user.type(genres, 'Fic');
    await screen.findByRole('option', { name: 'Fiction' });
    await user.keyboard('{Enter}');
    await user.upload(screen.getByLabelText('Choose images'), [png('a.png'), png('b.png')]);
    await user.click(screen.getByRole('radio', { name: 'Make image 2 the main image' }));
    await user.click(screen.getByRole('button', { name: 'Add Book' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/books');
    const body = xhr.body!;
    expect(body.get('title')).toBe('Sea Glass');
    expect(body.get('price')).toBe('49.99');
    expect(body.get('discountPercentage')).toBe('0');
    expect(body.get('isActive')).toBe('true');
    expect(JSON.parse(body.get('authors') as string)).toEqual([{ name: 'Nora Ink' }]);
    expect(JSON.parse(body.get('genres') as string)).toEqual([3]);
    expect(body.get('mainImageIndex')).toBe('1');
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);

    act(() => xhr.progress(50, 200));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '50');
    expect(screen.getByText('Uploading… 25%')).toBeInTheDocument();
    act(() => xhr.respond(201, makeStaffBook(9, { title: 'Sea Glass' })));

    expect(await screen.findByText(BookAdminMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(Routes.adminBooks));
  });

  it('shows a 409 on the field it is about', async () => {
    const user = userEvent.setup();
    setUp();
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
      FakeXhr.sent[0]!.respond(409, {
        title: 'Conflict',
        status: 409,
        errors: { title: [BookAdminMessages.titleTaken] },
      }),
    );
    expect(await screen.findByText(BookAdminMessages.titleTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  });
});
