import type { Book } from '@bookshop/contracts/catalogue';
import { filsToAed } from '@bookshop/contracts/money';
import { countRows, type Tx } from '../../platform/db.ts';
import type { ImageStore } from '../../platform/storage.ts';
import {
  anyArabicTitle,
  fillBookArabic,
  findUnnamedInArabic,
  insertBook,
  setArabicName,
  type NewBook,
} from './admin-queries.ts';
import { coverKeyOf } from './book-labels.ts';
import { announceCatalogueChange } from './invalidation.ts';
import * as queries from './queries.ts';
import { moveStock } from './stock-service.ts';
import { books } from './schema.ts';

/** A book row as the storefront shows it (the staff service answers the same shape). */
export function toBook(images: ImageStore, row: queries.BookRow): Book {
  const imageUrls = row.image_keys.map((key) => images.url(key));
  const coverKey = coverKeyOf(row);
  return {
    id: row.id,
    title: row.title,
    titleAr: row.title_ar,
    description: row.description,
    descriptionAr: row.description_ar,
    isbn: row.isbn,
    price: filsToAed(row.price_fils),
    discountPercentage: Number(row.discount_percentage),
    discountedPrice: filsToAed(row.discounted_price_fils),
    isInStock: row.stock_quantity > 0,
    stockQuantity: row.stock_quantity,
    isNextDayDeliveryEligible: row.next_day_eligible,
    rating: Number(row.rating_average),
    ratingCount: row.rating_count,
    mainImageURL: coverKey === null ? null : images.url(coverKey),
    imageUrls,
    mainImageIndex: row.main_image_index,
    authors: row.authors,
    genres: row.genres,
  };
}

/**
 * Adds a book in the caller's transaction (demo seed, tests), its stock as its `initial` movement;
 * every instance hears of it once it commits.
 */
export async function addBook(tx: Tx, book: NewBook): Promise<number> {
  const id = await insertBook(tx, book);
  await moveStock(tx, [{ bookId: id, delta: book.stockQuantity, reason: 'initial' }]);
  await announceCatalogueChange(tx);
  return id;
}

export const catalogueIsEmpty = async (tx: Tx) => (await countRows(tx, books)) === 0;

/** What the demo seed gives a shop in Arabic (decision 090): book fields by English title, names by English name. */
export type ArabicCatalogue = {
  books: { title: string; titleAr?: string; descriptionAr?: string }[];
  authors: Record<string, string>;
  genres: Record<string, string>;
};

export { anyArabicTitle };

/**
 * Fills Arabic titles, descriptions and names that are still empty, in the caller's transaction;
 * what staff already gave stays. Returns how many books, authors and genres changed.
 */
export async function fillArabicCatalogue(tx: Tx, arabic: ArabicCatalogue): Promise<number> {
  let changed = 0;
  for (const book of arabic.books) if (await fillBookArabic(tx, book.title, book)) changed++;
  for (const [table, names] of [
    ['authors', arabic.authors],
    ['genres', arabic.genres],
  ] as const)
    for (const [name, nameAr] of Object.entries(names)) {
      const id = await findUnnamedInArabic(tx, table, name);
      if (id === undefined) continue;
      await setArabicName(tx, table, id, nameAr);
      changed++;
    }
  if (changed > 0) await announceCatalogueChange(tx);
  return changed;
}
