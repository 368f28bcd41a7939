import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_IMAGE_MAX_BYTES, BookAdminMessages } from '@bookshop/contracts/book-admin';
import type { Book } from '@bookshop/contracts/catalogue';
import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import { RoleName } from '@bookshop/contracts/enums';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import {
  createStaff,
  createTestApp,
  expectProblem,
  expectValidationError,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';
import { formBody } from '../../test/multipart.ts';
import { bombPng } from '../../test/png.ts';

let t: TestApp;
let supervisor: TestAccount;
let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;

let isbnSeq = 200_000_000;
const validIsbn = () => {
  const body = `978${isbnSeq++}`;
  return `${body}${isbn13CheckDigit(body)}`;
};

const picture = (colour: string, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  supervisor = await createStaff(t, RoleName.Supervisor);
  [png, jpeg, gif] = await Promise.all([picture('#c00', 'png'), picture('#0c0', 'jpeg'), picture('#00c', 'gif')]);
});
afterAll(() => t.close());

type Upload = { data: Buffer; filename?: string; type?: string };

/** A multipart/form-data body as the admin form's FormData sends it: files in `images`, PNG unless told. */
const multipart = (fields: Record<string, unknown>, files: Upload[] = []) =>
  formBody(
    fields,
    ...files.map((file) => ({
      field: 'images',
      data: file.data,
      filename: file.filename ?? 'cover.png',
      type: file.type ?? 'image/png',
    })),
  );

async function send(method: 'POST' | 'PUT' | 'PATCH', url: string, fields: Record<string, unknown>, files?: Upload[]) {
  const { payload, contentType } = await multipart(fields, files);
  return t.app.inject({
    method,
    url,
    headers: { ...supervisor.headers, 'content-type': contentType },
    payload,
  });
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  title: `Illustrated ${isbnSeq}`,
  description: 'With pictures.',
  isbn: validIsbn(),
  price: '30',
  discountPercentage: '0',
  stockQuantity: '4',
  isNextDayDeliveryEligible: 'true',
  authors: [{ name: 'Iris Painter' }],
  genres: [{ name: 'Art' }],
  ...overrides,
});

/** Every file the store holds for books. */
async function storedBookFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'uploads', 'books');
  try {
    return (await readdir(root, { recursive: true })).map(String).filter((name) => name.endsWith('.webp'));
  } catch {
    return [];
  }
}

/** Asserts the request was refused and the store holds exactly what it held before. */
async function refusedStoringNothing<R extends { statusCode: number }>(run: () => Promise<R>, status: number) {
  const before = await storedBookFiles();
  const res = await run();
  expect(res.statusCode).toBe(status);
  expect(await storedBookFiles()).toEqual(before);
  return res;
}

const created = async (overrides: Record<string, unknown>, files: Upload[]) => {
  const res = await send('POST', '/api/v1/books', fields(overrides), files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Book>();
};

describe('POST v1/books as multipart/form-data', () => {
  it('stores each image as WebP at every width, in order, with the chosen main image', async () => {
    const book = await created({ mainImageIndex: '1' }, [
      { data: png },
      { data: jpeg, filename: 'b.jpg', type: 'image/jpeg' },
      { data: gif, filename: 'c.gif', type: 'image/gif' },
    ]);
    expect(book.imageUrls).toHaveLength(3);
    expect(book.mainImageURL).toBe(book.imageUrls[1]);
    expect(book.isNextDayDeliveryEligible).toBe(true);
    const files = await storedBookFiles();
    expect(files).toHaveLength(3 * IMAGE_WIDTHS.length);
    const served = await t.app.inject({ method: 'GET', url: book.imageUrls[0]! });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('tells the type by content: a text file named .png is refused, a PNG named .txt is taken', async () => {
    const res = await refusedStoringNothing(
      () => send('POST', '/api/v1/books', fields(), [{ data: Buffer.from('not a picture'), filename: 'x.png' }]),
      400,
    );
    expectValidationError(res, 'images', BookAdminMessages.imageType);
    const book = await created({}, [{ data: png, filename: 'notes.txt', type: 'text/plain' }]);
    expect(book.imageUrls).toHaveLength(1);
  });

  it('refuses a 30,000 × 30,000 PNG from its header, storing nothing', async () => {
    const bomb = await bombPng(30_000, 30_000);
    const res = await refusedStoringNothing(
      () => send('POST', '/api/v1/books', fields(), [{ data: png }, { data: bomb }]),
      400,
    );
    expectValidationError(res, 'images', BookAdminMessages.imageTooManyPixels);
  });

  it('refuses a file over 10 MB with 413 naming images, storing nothing', async () => {
    const big = Buffer.alloc(BOOK_IMAGE_MAX_BYTES + 1, 1);
    const res = await refusedStoringNothing(
      () => send('POST', '/api/v1/books', fields(), [{ data: png }, { data: big }]),
      413,
    );
    expectProblem(res, 413);
    expect(res.json<{ errors: object }>().errors).toEqual({
      images: [BookAdminMessages.imageTooLarge],
    });
  });

  it('refuses 20 images with 400 naming images, storing nothing', async () => {
    const res = await refusedStoringNothing(
      () =>
        send(
          'POST',
          '/api/v1/books',
          fields(),
          Array.from({ length: 20 }, () => ({ data: png })),
        ),
      400,
    );
    expectValidationError(res, 'images', BookAdminMessages.imagesMax);
  });

  it('removes what it stored when the database refuses the book (a taken title)', async () => {
    const first = await created({}, []);
    const res = await refusedStoringNothing(
      () => send('POST', '/api/v1/books', fields({ title: first.title.toUpperCase() }), [{ data: jpeg }]),
      409,
    );
    expectProblem(res, 409);
  });

  it('400 naming the field for broken JSON in authors, genres or keepImageUrls, and for a missing field', async () => {
    for (const field of ['authors', 'genres'])
      expectValidationError(
        await send('POST', '/api/v1/books', fields({ [field]: '[{"name":' })),
        field,
        BookAdminMessages.jsonField(field),
      );
    expectValidationError(
      await send('PUT', '/api/v1/books', { ...fields(), id: '1', keepImageUrls: 'nope' }),
      'keepImageUrls',
      BookAdminMessages.jsonField('keepImageUrls'),
    );
    expectValidationError(
      await send('POST', '/api/v1/books', fields({ isbn: undefined })),
      'isbn',
      BookAdminMessages.isbnInvalid,
    );
  });
});

describe('replacing images (PUT v1/books and PATCH v1/books/{id}/images)', () => {
  it('keeps the listed images in their new order, drops the others from storage, adds new files after', async () => {
    const book = await created({}, [{ data: png }, { data: jpeg }, { data: gif }]);
    const [first, second, third] = book.imageUrls as [string, string, string];
    const res = await send(
      'PUT',
      '/api/v1/books',
      {
        ...fields({ title: book.title, isbn: book.isbn, mainImageIndex: '2' }),
        id: String(book.id),
        keepImageUrls: [third, first],
      },
      [{ data: await picture('#ff0', 'png') }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Book>();
    expect(updated.imageUrls.slice(0, 2)).toEqual([third, first]);
    expect(updated.imageUrls).toHaveLength(3);
    expect(updated.mainImageURL).toBe(updated.imageUrls[2]);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
  });

  it('PATCH replaces only the images; an unknown kept URL is 400 and stores nothing', async () => {
    const book = await created({}, [{ data: png }, { data: jpeg }]);
    const [first, second] = book.imageUrls as [string, string];
    let res = await send('PATCH', `/api/v1/books/${book.id}/images`, { keepImageUrls: [second], mainImageIndex: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Book>()).toMatchObject({ title: book.title, imageUrls: [second], mainImageURL: second });
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    res = await refusedStoringNothing(
      () => send('PATCH', `/api/v1/books/${book.id}/images`, { keepImageUrls: [first] }, [{ data: gif }]),
      400,
    );
    expectValidationError(res, 'keepImageUrls', BookAdminMessages.keepImageUrls);
    res = await refusedStoringNothing(
      () => send('PATCH', '/api/v1/books/999999/images', { keepImageUrls: [] }, [{ data: gif }]),
      404,
    );
  });

  it('refuses more than 10 images in all (kept plus new)', async () => {
    const shades = await Promise.all(Array.from({ length: 8 }, (_, i) => picture(`#${i}${i}${i}`, 'png')));
    const book = await created(
      {},
      shades.map((data) => ({ data })),
    );
    expect(new Set(book.imageUrls).size).toBe(8);
    const white = await picture('#fff', 'png');
    const res = await refusedStoringNothing(
      () =>
        send('PATCH', `/api/v1/books/${book.id}/images`, { keepImageUrls: book.imageUrls }, [
          { data: gif },
          { data: jpeg },
          { data: white },
        ]),
      400,
    );
    expectValidationError(res, 'images', BookAdminMessages.imagesMax);
  });
});
