import { BOOK_IMAGES_MAX, BookAdminMessages, type BookForm, type NamedRef } from '@bookshop/contracts/book-admin';
import { aedToFils } from '@bookshop/contracts/money';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, HttpProblem } from '../../platform/errors.ts';
import * as admin from './admin-queries.ts';

/**
 * The staff form's rules (docs/decisions/032-catalogue-writes.md), checked in the write's own
 * transaction: authors and genres by id or name, unique title and ISBN, the main image within
 * the images, and a concurrent writer's unique violation answered like the checks.
 */

export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
const fieldConflict = (field: string, message: string) =>
  new HttpProblem(409, 'Conflict', message, { [field]: [message] });

async function resolve(
  tx: Tx,
  table: 'authors' | 'genres',
  refs: NamedRef[],
  unknownMessage: string,
): Promise<{ id: number; name: string }[]> {
  const idOf = (ref: NamedRef) => (typeof ref === 'number' ? ref : 'id' in ref ? ref.id : undefined);
  const ids = refs.map(idOf).filter((id) => id !== undefined);
  const known = await admin.existingIds(tx, table, ids);
  if (ids.some((id) => !known.has(id))) throw fieldError(table, unknownMessage);
  const resolved: { id: number; name: string }[] = [];
  for (const ref of refs) {
    const id = idOf(ref);
    const entry =
      typeof ref === 'object' && 'name' in ref
        ? await admin.findOrCreateName(tx, table, ref.name)
        : { id: id!, name: known.get(id!)! };
    // The Arabic name sent with a reference is set on the author or genre (decision 090).
    if (typeof ref !== 'number' && ref.nameAr !== undefined) await admin.setArabicName(tx, table, entry.id, ref.nameAr);
    if (!resolved.some((r) => r.id === entry.id)) resolved.push(entry);
  }
  return resolved;
}

export async function fieldsOf(
  tx: Tx,
  form: BookForm,
  exceptId: number,
  imageCount: number,
): Promise<admin.BookFields> {
  if (await admin.titleTakenBy(tx, form.title, exceptId)) throw fieldConflict('title', BookAdminMessages.titleTaken);
  if (await admin.isbnTakenBy(tx, form.isbn, exceptId)) throw fieldConflict('isbn', BookAdminMessages.isbnTaken);
  checkMainImage(form.mainImageIndex, imageCount);
  return {
    title: form.title,
    titleAr: form.titleAr,
    description: form.description,
    descriptionAr: form.descriptionAr,
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

export function checkMainImage(index: number, imageCount: number) {
  if (imageCount > BOOK_IMAGES_MAX) throw fieldError('images', BookAdminMessages.imagesMax);
  if (index >= Math.max(imageCount, 1)) throw fieldError('mainImageIndex', BookAdminMessages.mainImageIndex);
}

/** A unique index that a concurrent writer beat us to: the same answer the checks give. */
export function uniqueViolation(error: unknown): HttpProblem | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  if (constraint === 'books_title_lower_key') return fieldConflict('title', BookAdminMessages.titleTaken);
  if (constraint === 'books_isbn_key') return fieldConflict('isbn', BookAdminMessages.isbnTaken);
  return conflict(BookAdminMessages.titleTaken);
}
