import type { Book } from '@bookshop/contracts/catalogue';
import {
  BookAdminMessages,
  type BookForm,
  type StaffBook,
  type StaffBookPage,
  type StaffBookQuery,
} from '@bookshop/contracts/book-admin';
import { toPage } from '@bookshop/contracts/pagination';
import type {
  CreateStockMovement,
  StockMovement,
  StockMovementPage,
  StockMovementQuery,
} from '@bookshop/contracts/stock';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import * as admin from './admin-queries.ts';
import { checkMainImage, fieldsOf, uniqueViolation } from './book-form.ts';
import { checkFiles, keptKeys, removeStored, storeFiles, type BookImageDeps } from './book-images.ts';
import { toBook as toShownBook } from './books.ts';
import { announceCatalogueChange } from './invalidation.ts';
import * as queries from './queries.ts';
import { listMovements, moveStock, saveFormStock, type StaffNames } from './stock-service.ts';

/**
 * The catalogue's write side for staff (docs/decisions/032-catalogue-writes.md), one function per
 * use case. Takes the contract's form types; one transaction writes the book, its join rows, the
 * denormalised author/genre names that feed the search vector, the search lexicon and the images'
 * rows, and announces the change, so every instance's caches forget it once it commits
 * (invalidation.ts). The image files themselves are book-images.ts.
 */
export type CatalogueAdminDeps = BookImageDeps & { db: Tx; staffNames: StaffNames };

export type UpdateBookInput = BookForm & {
  id: number;
  keepImageUrls: string[];
  originalStockQuantity?: number | undefined;
};
export type ReplaceImagesInput = { keepImageUrls: string[]; mainImageIndex: number };

/** Runs the write and announces it (the caches forget it on commit); if it fails, the files it stored are removed. */
async function write<T>(deps: CatalogueAdminDeps, newKeys: string[], run: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      const value = await run(tx);
      await announceCatalogueChange(tx);
      return value;
    });
  } catch (error) {
    await removeStored(deps, newKeys);
    throw uniqueViolation(error) ?? error;
  }
}

/** What the update form needs: the book as staff see it, hidden or not. */
export async function getBookForUpdate({ db, images }: CatalogueAdminDeps, id: number): Promise<StaffBook> {
  const row = await queries.findBookById(db, id);
  if (!row) throw notFound(BookAdminMessages.notFound);
  return { ...toShownBook(images, row), isActive: row.is_active };
}

async function answer(deps: CatalogueAdminDeps, id: number): Promise<Book> {
  const { isActive: _, ...book } = await getBookForUpdate(deps, id);
  return book;
}

/** The stored image keys of a book that exists; 404 otherwise. */
async function currentImageKeys({ db }: CatalogueAdminDeps, id: number): Promise<string[]> {
  const current = await queries.findBookById(db, id);
  if (!current) throw notFound(BookAdminMessages.notFound);
  return current.image_keys;
}

/** Creates a book; `files` are image files already checked by content and size. */
export async function createBook(
  deps: CatalogueAdminDeps,
  form: BookForm,
  staffId: number,
  files: Buffer[] = [],
): Promise<Book> {
  checkMainImage(form.mainImageIndex, files.length);
  await checkFiles(files);
  const keys = await storeFiles(deps, files);
  const id = await write(deps, keys, async (tx) => {
    const fields = await fieldsOf(tx, form, 0, keys.length);
    const bookId = await admin.insertBookRow(tx, fields);
    await admin.replaceJoinRows(tx, bookId, fields.authors, fields.genres);
    await admin.replaceImageRows(tx, bookId, keys, form.mainImageIndex);
    await admin.refreshLexicon(tx, bookId, []);
    await moveStock(tx, [{ bookId, delta: form.stockQuantity, reason: 'initial', staffId }]);
    return bookId;
  });
  return answer(deps, id);
}

/**
 * Updates every field; the images become `keepImageUrls` (existing, in order) then `files`.
 * Images no longer used are removed from storage after commit.
 */
export async function updateBook(
  deps: CatalogueAdminDeps,
  form: UpdateBookInput,
  staffId: number,
  files: Buffer[] = [],
): Promise<Book> {
  const current = await currentImageKeys(deps, form.id);
  checkMainImage(form.mainImageIndex, keptKeys(deps, current, form.keepImageUrls).length + files.length);
  await checkFiles(files);
  const keys = await storeFiles(deps, files);
  const dropped = await write(deps, keys, async (tx) => {
    if (!(await admin.lockBook(tx, form.id))) throw notFound(BookAdminMessages.notFound);
    const before = await admin.bookImageKeys(tx, form.id);
    const formerWords = await admin.bookWords(tx, form.id);
    const finalKeys = [...keptKeys(deps, before, form.keepImageUrls), ...keys];
    const fields = await fieldsOf(tx, form, form.id, finalKeys.length);
    await admin.updateBookRow(tx, form.id, fields);
    // Never the figure the form read: a correction from it, if staff changed it (decision 077).
    await saveFormStock(tx, {
      bookId: form.id,
      stockQuantity: form.stockQuantity,
      originalStockQuantity: form.originalStockQuantity,
      staffId,
    });
    await admin.replaceJoinRows(tx, form.id, fields.authors, fields.genres);
    await admin.replaceImageRows(tx, form.id, finalKeys, form.mainImageIndex);
    await admin.refreshLexicon(tx, form.id, formerWords);
    return admin.unusedImageKeys(
      tx,
      before.filter((key) => !finalKeys.includes(key)),
    );
  });
  await removeStored(deps, dropped);
  return answer(deps, form.id);
}

/** Replaces the images only, the way updateBook does. */
export async function replaceImages(
  deps: CatalogueAdminDeps,
  id: number,
  input: ReplaceImagesInput,
  files: Buffer[] = [],
): Promise<Book> {
  const current = await currentImageKeys(deps, id);
  checkMainImage(input.mainImageIndex, keptKeys(deps, current, input.keepImageUrls).length + files.length);
  await checkFiles(files);
  const keys = await storeFiles(deps, files);
  const dropped = await write(deps, keys, async (tx) => {
    if (!(await admin.lockBook(tx, id))) throw notFound(BookAdminMessages.notFound);
    const before = await admin.bookImageKeys(tx, id);
    const finalKeys = [...keptKeys(deps, before, input.keepImageUrls), ...keys];
    checkMainImage(input.mainImageIndex, finalKeys.length);
    await admin.replaceImageRows(tx, id, finalKeys, input.mainImageIndex);
    return admin.unusedImageKeys(
      tx,
      before.filter((key) => !finalKeys.includes(key)),
    );
  });
  await removeStored(deps, dropped);
  return answer(deps, id);
}

/** Staff add copies received, take off damaged ones, or correct a count; answers the movement. */
export async function addStockMovement(
  { db, staffNames }: CatalogueAdminDeps,
  bookId: number,
  input: CreateStockMovement,
  staffId: number,
): Promise<StockMovement> {
  return db.transaction(async (tx) => {
    if (!(await admin.lockBook(tx, bookId))) throw notFound(BookAdminMessages.notFound);
    await moveStock(tx, [{ bookId, ...input, staffId }]);
    // The book's row is locked: the newest movement is this one.
    return (await listMovements(tx, bookId, { pageNo: 1, pageSize: 1 }, staffNames)).data[0]!;
  });
}

/** A book's ledger, newest first; 404 for a book that does not exist. */
export async function getStockMovements(
  { db, staffNames }: CatalogueAdminDeps,
  bookId: number,
  query: StockMovementQuery,
): Promise<StockMovementPage> {
  if (!(await queries.findBookById(db, bookId))) throw notFound(BookAdminMessages.notFound);
  return listMovements(db, bookId, query, staffNames);
}

/** The staff table: every book, hidden ones included; never cached. */
export async function listStaffBooks(
  { db, images }: CatalogueAdminDeps,
  query: StaffBookQuery,
): Promise<StaffBookPage> {
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
}

/** The use cases above bound to the app's database and image store, as the routes call them. */
export function createCatalogueAdminService(deps: CatalogueAdminDeps) {
  return {
    createBook: (form: BookForm, staffId: number, files?: Buffer[]) => createBook(deps, form, staffId, files),
    updateBook: (form: UpdateBookInput, staffId: number, files?: Buffer[]) => updateBook(deps, form, staffId, files),
    addStockMovement: (bookId: number, input: CreateStockMovement, staffId: number) =>
      addStockMovement(deps, bookId, input, staffId),
    getStockMovements: (bookId: number, query: StockMovementQuery) => getStockMovements(deps, bookId, query),
    replaceImages: (id: number, input: ReplaceImagesInput, files?: Buffer[]) => replaceImages(deps, id, input, files),
    getBookForUpdate: (id: number) => getBookForUpdate(deps, id),
    listStaffBooks: (query: StaffBookQuery) => listStaffBooks(deps, query),
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
