import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Book } from '@bookshop/contracts/catalogue';
import {
  BOOK_IMAGES_FIELD,
  BOOK_IMAGES_MAX,
  BookAdminMessages,
  type BookForm,
  type NamedRef,
  type StaffBook,
  type StaffBookPage,
  type StaffBookQuery,
} from '@bookshop/contracts/book-admin';
import { aedToFils } from '@bookshop/contracts/money';
import { toPage } from '@bookshop/contracts/pagination';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import { checkUploadedImage } from '../../platform/images.ts';
import type { ImageStore } from '../../platform/storage.ts';
import * as admin from './admin-queries.ts';
import { toBook as toShownBook } from './books.ts';
import { announceCatalogueChange } from './invalidation.ts';
import * as queries from './queries.ts';

/**
 * The catalogue's write side for staff (docs/decisions/032-catalogue-writes.md). Takes the
 * contract's form types; one transaction writes the book, its join rows, the denormalised
 * author/genre names that feed the search vector, the search lexicon and the images' rows, and
 * announces the change, so every instance's caches forget it once it commits (invalidation.ts).
 */
export type CatalogueAdminDeps = {
  db: Tx;
  images: ImageStore;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

export type UpdateBookInput = BookForm & { id: number; keepImageUrls: string[] };
export type ReplaceImagesInput = { keepImageUrls: string[]; mainImageIndex: number };

const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
const fieldConflict = (field: string, message: string) =>
  new HttpProblem(409, 'Conflict', message, { [field]: [message] });

const imageMessages = { type: BookAdminMessages.imageType, tooManyPixels: BookAdminMessages.imageTooManyPixels };

export function createCatalogueAdminService({ db, images, log }: CatalogueAdminDeps) {
  /** Storage clean-up never fails a request: a file left behind is logged, not shown to staff. */
  const removeStored = (keys: string[]) =>
    Promise.all(
      keys.map((key) =>
        images.remove(key).catch((error: unknown) => log?.warn({ err: error, key }, 'catalogue: image not removed')),
      ),
    );

  /** Every file is checked by content and size before any is stored: a refused upload stores nothing. */
  async function checkFiles(files: Buffer[]) {
    for (const file of files) await checkUploadedImage(file, BOOK_IMAGES_FIELD, imageMessages);
  }

  async function resolve(
    tx: Tx,
    table: 'authors' | 'genres',
    refs: NamedRef[],
    unknownMessage: string,
  ): Promise<{ id: number; name: string }[]> {
    const ids = refs.filter((ref): ref is number => typeof ref === 'number');
    const known = await admin.existingIds(tx, table, ids);
    if (ids.some((id) => !known.has(id))) throw fieldError(table, unknownMessage);
    const resolved: { id: number; name: string }[] = [];
    for (const ref of refs) {
      const entry =
        typeof ref === 'number'
          ? { id: ref, name: known.get(ref)! }
          : await admin.findOrCreateName(tx, table, ref.name);
      if (!resolved.some((r) => r.id === entry.id)) resolved.push(entry);
    }
    return resolved;
  }

  async function fieldsOf(tx: Tx, form: BookForm, exceptId: number, imageCount: number): Promise<admin.BookFields> {
    if (await admin.titleTakenBy(tx, form.title, exceptId)) throw fieldConflict('title', BookAdminMessages.titleTaken);
    if (await admin.isbnTakenBy(tx, form.isbn, exceptId)) throw fieldConflict('isbn', BookAdminMessages.isbnTaken);
    checkMainImage(form.mainImageIndex, imageCount);
    return {
      title: form.title,
      description: form.description,
      isbn: form.isbn,
      priceFils: aedToFils(form.price),
      discountPercentage: form.discountPercentage,
      stockQuantity: form.stockQuantity,
      nextDayEligible: form.isNextDayDeliveryEligible,
      isActive: form.isActive,
      mainImageIndex: form.mainImageIndex,
      authors: await resolve(tx, 'authors', form.authors, BookAdminMessages.unknownAuthor),
      genres: await resolve(tx, 'genres', form.genres, BookAdminMessages.unknownGenre),
    };
  }

  function checkMainImage(index: number, imageCount: number) {
    if (imageCount > BOOK_IMAGES_MAX) throw fieldError('images', BookAdminMessages.imagesMax);
    if (index >= Math.max(imageCount, 1)) throw fieldError('mainImageIndex', BookAdminMessages.mainImageIndex);
  }

  /** The stored keys of `keepImageUrls` (any stored width), in their order; 400 for a URL the book does not have. */
  function keptKeys(current: string[], keepImageUrls: string[]): string[] {
    const kept = keepImageUrls.map((url) => images.keyOf(url));
    if (kept.some((key) => key === null || !current.includes(key)) || new Set(kept).size !== kept.length)
      throw fieldError('keepImageUrls', BookAdminMessages.keepImageUrls);
    return kept as string[];
  }

  /** Stores already checked image files under a fresh folder; removes them all if one fails. */
  async function storeFiles(files: Buffer[]): Promise<string[]> {
    const folder = `books/${randomBytes(8).toString('hex')}/image`;
    const settled = await Promise.allSettled(files.map((file) => images.putImage(folder, file)));
    const stored = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await removeStored(stored);
      throw failed.reason;
    }
    return stored;
  }

  /** Runs the write and announces it (the caches forget it on commit); if it fails, the files it stored are removed. */
  async function write<T>(newKeys: string[], run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const value = await run(tx);
        await announceCatalogueChange(tx);
        return value;
      });
    } catch (error) {
      await removeStored(newKeys);
      throw uniqueViolation(error) ?? error;
    }
  }

  async function staffBook(id: number): Promise<StaffBook> {
    const row = await queries.findBookById(db, id);
    if (!row) throw notFound(BookAdminMessages.notFound);
    return { ...toShownBook(images, row), isActive: row.is_active };
  }

  const toBook = async (id: number): Promise<Book> => {
    const { isActive: _, ...book } = await staffBook(id);
    return book;
  };

  return {
    /** Creates a book; `files` are image files already checked by content and size. */
    async createBook(form: BookForm, files: Buffer[] = []): Promise<Book> {
      checkMainImage(form.mainImageIndex, files.length);
      await checkFiles(files);
      const keys = await storeFiles(files);
      const id = await write(keys, async (tx) => {
        const fields = await fieldsOf(tx, form, 0, keys.length);
        const bookId = await admin.insertBookRow(tx, fields);
        await admin.replaceJoinRows(tx, bookId, fields.authors, fields.genres);
        await admin.replaceImageRows(tx, bookId, keys, form.mainImageIndex);
        await admin.refreshLexicon(tx, bookId, []);
        return bookId;
      });
      return toBook(id);
    },

    /**
     * Updates every field; the images become `keepImageUrls` (existing, in order) then `files`.
     * Images no longer used are removed from storage after commit.
     */
    async updateBook(form: UpdateBookInput, files: Buffer[] = []): Promise<Book> {
      const current = await queries.findBookById(db, form.id);
      if (!current) throw notFound(BookAdminMessages.notFound);
      checkMainImage(form.mainImageIndex, keptKeys(current.image_keys, form.keepImageUrls).length + files.length);
      await checkFiles(files);
      const keys = await storeFiles(files);
      const dropped = await write(keys, async (tx) => {
        if (!(await admin.lockBook(tx, form.id))) throw notFound(BookAdminMessages.notFound);
        const before = await admin.bookImageKeys(tx, form.id);
        const formerWords = await admin.bookWords(tx, form.id);
        const finalKeys = [...keptKeys(before, form.keepImageUrls), ...keys];
        const fields = await fieldsOf(tx, form, form.id, finalKeys.length);
        // stockQuantity is the copies for sale now: those Pending orders reserved were taken off
        // already and go back on top of it if their order is cancelled (decision 032).
        await admin.updateBookRow(tx, form.id, fields);
        await admin.replaceJoinRows(tx, form.id, fields.authors, fields.genres);
        await admin.replaceImageRows(tx, form.id, finalKeys, form.mainImageIndex);
        await admin.refreshLexicon(tx, form.id, formerWords);
        return admin.unusedImageKeys(
          tx,
          before.filter((key) => !finalKeys.includes(key)),
        );
      });
      await removeStored(dropped);
      return toBook(form.id);
    },

    /** Replaces the images only, the way updateBook does. */
    async replaceImages(id: number, input: ReplaceImagesInput, files: Buffer[] = []): Promise<Book> {
      const current = await queries.findBookById(db, id);
      if (!current) throw notFound(BookAdminMessages.notFound);
      checkMainImage(input.mainImageIndex, keptKeys(current.image_keys, input.keepImageUrls).length + files.length);
      await checkFiles(files);
      const keys = await storeFiles(files);
      const dropped = await write(keys, async (tx) => {
        if (!(await admin.lockBook(tx, id))) throw notFound(BookAdminMessages.notFound);
        const before = await admin.bookImageKeys(tx, id);
        const finalKeys = [...keptKeys(before, input.keepImageUrls), ...keys];
        checkMainImage(input.mainImageIndex, finalKeys.length);
        await admin.replaceImageRows(tx, id, finalKeys, input.mainImageIndex);
        return admin.unusedImageKeys(
          tx,
          before.filter((key) => !finalKeys.includes(key)),
        );
      });
      await removeStored(dropped);
      return toBook(id);
    },

    /** What the update form needs: the book as staff see it, hidden or not. */
    getBookForUpdate: staffBook,

    /** The staff table: every book, hidden ones included; never cached. */
    async listStaffBooks(query: StaffBookQuery): Promise<StaffBookPage> {
      const { pageNo, pageSize, sort, ...filter } = query;
      const [noOfRecords, ids] = await Promise.all([
        admin.countStaffBooks(db, filter),
        admin.findStaffBookIds(db, filter, sort, pageSize, (pageNo - 1) * pageSize),
      ]);
      const found = new Map(
        (
          await queries.findBooksByIds(
            db,
            ids.map((r) => r.id),
            true,
          )
        ).map((row) => [row.id, row]),
      );
      const data = ids.flatMap(({ id }) => {
        const row = found.get(id);
        return row ? [{ ...toShownBook(images, row), isActive: row.is_active }] : [];
      });
      return toPage(data, noOfRecords, { pageNo, pageSize });
    },
  };
}

/** A unique index that a concurrent writer beat us to: the same answer the checks give. */
function uniqueViolation(error: unknown): HttpProblem | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  if (constraint === 'books_title_lower_key') return fieldConflict('title', BookAdminMessages.titleTaken);
  if (constraint === 'books_isbn_key') return fieldConflict('isbn', BookAdminMessages.isbnTaken);
  return conflict(BookAdminMessages.titleTaken);
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
