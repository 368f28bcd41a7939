import { z } from 'zod';
import { BookSchema } from './catalogue.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { freeText, lineText } from './text.ts';

/**
 * The staff side of the catalogue (issue 9): the book form, its multipart API and the staff book
 * table. The form validates on every change with BookFormSchema, and the API validates the same
 * fields with the same schema after reading the multipart text parts, so both say the same words.
 */

export const BOOK_IMAGES_FIELD = 'images';
export const BOOK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const BOOK_IMAGES_MAX = 10;
export const BOOK_TITLE_MAX = 300;
export const BOOK_DESCRIPTION_MAX = 5000;
export const BOOK_NAME_MAX = 100;
export const BOOK_PEOPLE_MAX = 20;
export const BOOK_PRICE_MAX = 100_000;
export const BOOK_STOCK_MAX = 1_000_000;
/** The dashboard and the staff table call a book low in stock at this many copies or fewer. */
export const LOW_STOCK_THRESHOLD = 5;

export const BookAdminMessages = {
  titleRequired: 'Title is required.',
  titleMax: `Title must be at most ${BOOK_TITLE_MAX} characters long.`,
  titleTaken: 'A book with this title already exists.',
  descriptionRequired: 'Description is required.',
  descriptionMax: `Description must be at most ${BOOK_DESCRIPTION_MAX} characters long.`,
  titleArMax: `Arabic title must be at most ${BOOK_TITLE_MAX} characters long.`,
  descriptionArMax: `Arabic description must be at most ${BOOK_DESCRIPTION_MAX} characters long.`,
  nameArMax: `An Arabic name must be at most ${BOOK_NAME_MAX} characters long.`,
  /** Optional Arabic text that is nothing but invisible characters: empty it or type it again. */
  arabicInvisible: 'Leave this empty or type visible text.',
  isbnInvalid: 'ISBN must be a valid ISBN-10 or ISBN-13.',
  isbnTaken: 'A book with this ISBN already exists.',
  priceFormat: 'Price must be a number with at most 2 decimals, such as 49.99.',
  pricePositive: 'Price must be more than 0.',
  priceMax: `Price must be at most ${BOOK_PRICE_MAX}.`,
  discountFormat: 'Discount must be a percentage with at most 3 digits and 2 decimals, such as 12.5.',
  discountMax: 'Discount must be between 0 and 100.',
  stockInvalid: 'Stock quantity must be a whole number, 0 or more.',
  stockMax: `Stock quantity must be at most ${BOOK_STOCK_MAX}.`,
  flagInvalid: 'Must be true or false.',
  authorsRequired: 'Add at least one author.',
  genresRequired: 'Add at least one genre.',
  peopleMax: `At most ${BOOK_PEOPLE_MAX} entries.`,
  nameRequired: 'A new name is required.',
  nameMax: `A name must be at most ${BOOK_NAME_MAX} characters long.`,
  refInvalid:
    'Each entry must be an existing id, { "id": …, "nameAr": "…" } to set its Arabic name, or { "name": "…" } for a new one.',
  unknownAuthor: 'This author does not exist.',
  unknownGenre: 'This genre does not exist.',
  imagesMax: `A book can have at most ${BOOK_IMAGES_MAX} images.`,
  imageType: 'Images must be png, jpeg, jpg, gif or webp.',
  imageTooLarge: `Each image must be at most ${BOOK_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  imageTooManyPixels: 'Each image must be at most 40 megapixels.',
  mainImageIndex: 'The main image must be one of the images.',
  keepImageUrls: 'keepImageUrls must list images this book has.',
  idInvalid: 'Book id must be a positive whole number.',
  notFound: 'This book does not exist.',
  malformedForm: 'The form could not be read. Send multipart/form-data.',
  unexpectedFile: 'Send files in the images field only.',
  /** A multipart text field that must hold JSON (authors, genres, keepImageUrls) but does not. */
  jsonField: (field: string) => `${field} must be a JSON array.`,
  created: 'Book added.',
  updated: 'Book saved.',
} as const;

/** Digits, then an optional dot and one or two decimals (spec section 5, price inputs). */
const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
/** At most 3 integer digits and 2 decimals; 100 is accepted (spec section 5). */
const PERCENTAGE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** Hyphens and spaces are typing aids, not part of the number. */
export const normaliseIsbn = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** ISBN-10 (last digit may be X) or ISBN-13, with a valid check digit. */
export function isValidIsbn(value: string): boolean {
  const isbn = normaliseIsbn(value);
  if (/^\d{9}[\dX]$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, c, i) => acc + (c === 'X' ? 10 : Number(c)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, c, i) => acc + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0;
  }
  return false;
}

/**
 * Optional Arabic text (decision 090): any script is accepted (a title may be '1984' or keep a
 * Latin name), trimmed; empty means none (null). Undefined leaves a stored value as it is.
 */
const optionalArabic = (max: number, maxMessage: string, text: typeof lineText) =>
  text(z.string().trim().max(max, maxMessage), BookAdminMessages.arabicInvisible)
    .transform((value) => (value === '' ? null : value))
    .optional();

const nameAr = optionalArabic(BOOK_NAME_MAX, BookAdminMessages.nameArMax, lineText);

/**
 * An existing author or genre by id (with `nameAr`, its Arabic name set or, empty, cleared), or a
 * new one by name (created with the book, with its Arabic name if given).
 */
export const NamedRefSchema = z.union(
  [
    z.number().int().positive(),
    z.strictObject({ id: z.number().int().positive(), nameAr }),
    z.strictObject({
      name: lineText(
        z.string().trim().min(1, BookAdminMessages.nameRequired).max(BOOK_NAME_MAX, BookAdminMessages.nameMax),
        BookAdminMessages.nameRequired,
      ),
      nameAr,
    }),
  ],
  { error: BookAdminMessages.refInvalid },
);
export type NamedRef = z.infer<typeof NamedRefSchema>;
/** A reference as the form holds it (an Arabic name still as typed). */
export type NamedRefInput = z.input<typeof NamedRefSchema>;

const decimalText = (pattern: RegExp, formatMessage: string) =>
  z.union([z.string(), z.number()], { error: formatMessage }).transform((value, ctx) => {
    const text = String(value).trim();
    if (!pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message: formatMessage });
      return z.NEVER;
    }
    return Number(text);
  });

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: BookAdminMessages.flagInvalid })
  .transform((value) => value === true || value === 'true');

/**
 * The book form's fields (everything but the image files). Text inputs may send strings (the
 * form, multipart) or numbers (JSON); both meet the same rules.
 */
export const BookFormSchema = z.object({
  title: lineText(
    z
      .string({ error: BookAdminMessages.titleRequired })
      .trim()
      .min(1, BookAdminMessages.titleRequired)
      .max(BOOK_TITLE_MAX, BookAdminMessages.titleMax),
    BookAdminMessages.titleRequired,
  ),
  description: freeText(
    z
      .string({ error: BookAdminMessages.descriptionRequired })
      .trim()
      .min(1, BookAdminMessages.descriptionRequired)
      .max(BOOK_DESCRIPTION_MAX, BookAdminMessages.descriptionMax),
    BookAdminMessages.descriptionRequired,
  ),
  titleAr: optionalArabic(BOOK_TITLE_MAX, BookAdminMessages.titleArMax, lineText),
  descriptionAr: optionalArabic(BOOK_DESCRIPTION_MAX, BookAdminMessages.descriptionArMax, freeText),
  isbn: z
    .string({ error: BookAdminMessages.isbnInvalid })
    .refine(isValidIsbn, BookAdminMessages.isbnInvalid)
    .transform(normaliseIsbn),
  price: decimalText(PRICE_PATTERN, BookAdminMessages.priceFormat).pipe(
    z.number().positive(BookAdminMessages.pricePositive).max(BOOK_PRICE_MAX, BookAdminMessages.priceMax),
  ),
  discountPercentage: decimalText(PERCENTAGE_PATTERN, BookAdminMessages.discountFormat).pipe(
    z.number().min(0, BookAdminMessages.discountMax).max(100, BookAdminMessages.discountMax),
  ),
  stockQuantity: z.coerce
    .number({ error: BookAdminMessages.stockInvalid })
    .int(BookAdminMessages.stockInvalid)
    .min(0, BookAdminMessages.stockInvalid)
    .max(BOOK_STOCK_MAX, BookAdminMessages.stockMax),
  isNextDayDeliveryEligible: flag,
  /** Hidden books (false) leave the storefront but keep their orders and reviews. Default true. */
  isActive: flag.default(true),
  authors: z
    .array(NamedRefSchema, { error: BookAdminMessages.authorsRequired })
    .min(1, BookAdminMessages.authorsRequired)
    .max(BOOK_PEOPLE_MAX, BookAdminMessages.peopleMax),
  genres: z
    .array(NamedRefSchema, { error: BookAdminMessages.genresRequired })
    .min(1, BookAdminMessages.genresRequired)
    .max(BOOK_PEOPLE_MAX, BookAdminMessages.peopleMax),
  /** Index into the book's final image list (kept images first, then new files). */
  mainImageIndex: z.coerce
    .number({ error: BookAdminMessages.mainImageIndex })
    .int(BookAdminMessages.mainImageIndex)
    .min(0, BookAdminMessages.mainImageIndex)
    .max(BOOK_IMAGES_MAX - 1, BookAdminMessages.mainImageIndex)
    .default(0),
});
export type BookFormInput = z.input<typeof BookFormSchema>;
export type BookForm = z.infer<typeof BookFormSchema>;

/** What the add-book form starts with (spec section 3: the form has defaults). */
export const BOOK_FORM_DEFAULTS = {
  title: '',
  titleAr: '',
  description: '',
  descriptionAr: '',
  isbn: '',
  price: '',
  discountPercentage: '0',
  stockQuantity: '0',
  isNextDayDeliveryEligible: false,
  isActive: true,
  authors: [] as NamedRefInput[],
  genres: [] as NamedRefInput[],
  mainImageIndex: 0,
} satisfies BookFormInput;

const keepImageUrls = z
  .array(z.string().max(2000), { error: BookAdminMessages.keepImageUrls })
  .max(BOOK_IMAGES_MAX, BookAdminMessages.imagesMax)
  .default([]);

export const BookIdSchema = z.coerce
  .number({ error: BookAdminMessages.idInvalid })
  .int(BookAdminMessages.idInvalid)
  .positive(BookAdminMessages.idInvalid)
  .max(2_147_483_647, BookAdminMessages.idInvalid);

/**
 * `PUT v1/books`: the form plus the book's id and the existing image URLs to keep, in order.
 * `originalStockQuantity` is the stock the form was opened with: the stock field is saved as a
 * correction of `stockQuantity - originalStockQuantity`, refused (409) if the stock moved
 * meanwhile. Without it, only the current figure is accepted (decision 077).
 */
export const UpdateBookFormSchema = BookFormSchema.extend({
  id: BookIdSchema,
  keepImageUrls,
  originalStockQuantity: BookFormSchema.shape.stockQuantity.optional(),
});

/** `PATCH v1/books/{id}/images`: the images only, replaced like PUT replaces them. */
export const ReplaceBookImagesSchema = z.object({
  keepImageUrls,
  mainImageIndex: BookFormSchema.shape.mainImageIndex,
});

export const BookIdParamsSchema = z.object({ id: BookIdSchema });

/**
 * A book as staff see it: the storefront's fields plus whether it is shown. Also what the update
 * form loads (`GET v1/books/book-for-update/{id}`).
 */
export const StaffBookSchema = BookSchema.extend({ isActive: z.boolean() });
export type StaffBook = z.infer<typeof StaffBookSchema>;

export const STAFF_BOOK_SORTS = [
  'title',
  '-title',
  'price',
  '-price',
  'stockQuantity',
  '-stockQuantity',
  'createdAt',
  '-createdAt',
] as const;
export type StaffBookSort = (typeof STAFF_BOOK_SORTS)[number];

const yesNo = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false.` })
    .transform((value) => value === 'true')
    .optional();

/**
 * `GET v1/staff/books` (ViewBooks): every book, hidden ones included. `search` matches title,
 * author or ISBN; `sort` is a field, '-' first for descending (default '-createdAt').
 */
export const StaffBookQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100, 'search must be at most 100 characters long.').optional(),
  genre: z.string().trim().min(1).max(100).optional(),
  inStock: yesNo('inStock'),
  hasDiscount: yesNo('hasDiscount'),
  isActive: yesNo('isActive'),
  lowStock: yesNo('lowStock'),
  sort: z
    .enum(STAFF_BOOK_SORTS, { error: `sort must be one of ${STAFF_BOOK_SORTS.join(', ')}.` })
    .default('-createdAt'),
});
export type StaffBookQuery = z.infer<typeof StaffBookQuerySchema>;

export const StaffBookPageSchema = pageOf(StaffBookSchema);
export type StaffBookPage = z.infer<typeof StaffBookPageSchema>;
