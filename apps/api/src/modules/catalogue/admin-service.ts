import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Book } from '@bookshop/contracts/catalogue';
import {
  BOOK_IMAGES_FIELD,
  BookAdminMessages,
  type BookForm,
  type StaffBook,
  type StaffBookPage,
  type StaffBookQuery,
} from '@bookshop/contracts/book-admin';
import { toPage } from '@bookshop/contracts/pagination';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { checkUploadedImage } from '../../platform/images.ts';
import type { ImageStore } from '../../platform/storage.ts';
import * as admin from './admin-queries.ts';
import { checkMainImage, fieldError, fieldsOf, uniqueViolation } from './book-form.ts';
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

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
