import { z } from 'zod';
import { BOOK_STOCK_MAX } from './book-admin.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { freeText } from './text.ts';

/**
 * The stock ledger (issue 22, decision 077): every change of a book's stock is a movement, and
 * the sum of a book's movements is its stock. Staff add the movements of their hands (copies
 * received, damaged, counted) through `POST v1/books/{id}/stock-movements`; checkout, the order
 * lifecycle and the book form write the others.
 */

export const STOCK_MOVEMENT_REASONS = [
  'initial',
  'received',
  'sale',
  'released',
  'cancelled',
  'returned',
  'damaged',
  'correction',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** The reasons staff may give by hand; the rest are written by what caused them. */
export const STAFF_STOCK_REASONS = ['received', 'damaged', 'correction'] as const satisfies StockMovementReason[];

export const StockReasonNames: Record<StockMovementReason, string> = {
  initial: 'Initial stock',
  received: 'Received',
  sale: 'Sale',
  released: 'Released (checkout ended unpaid)',
  cancelled: 'Order cancelled',
  returned: 'Returned',
  damaged: 'Damaged',
  correction: 'Correction',
};

export const STOCK_NOTE_MAX = 500;

export const StockMessages = {
  deltaInvalid: `Change must be a whole number between -${BOOK_STOCK_MAX} and ${BOOK_STOCK_MAX}, not 0.`,
  reasonInvalid: `Reason must be one of ${STAFF_STOCK_REASONS.join(', ')}.`,
  noteMax: `Note must be at most ${STOCK_NOTE_MAX} characters long.`,
  noteBlank: 'Note must have visible text, or be left empty.',
  receivedPositive: 'Copies received must be 1 or more.',
  damagedNegative: 'Damaged copies are taken off: the change must be below 0.',
  /** Stock would go below zero: the copies for sale are already net of those Pending orders reserved. */
  belowZero: (title: string, stock: number) =>
    `"${title}" has ${stock} ${stock === 1 ? 'copy' : 'copies'} for sale; stock cannot go below zero.`,
  tooMuch: `Stock cannot go above ${BOOK_STOCK_MAX}.`,
  /** The book form's stock field was edited from a figure that changed meanwhile (the lost update). */
  stockChanged: (was: number, now: number) =>
    `The stock changed from ${was} to ${now} since this book was opened (copies were sold, released or received). Reload the book and enter your change again.`,
  recorded: 'Stock movement recorded.',
} as const;

const delta = z.coerce
  .number({ error: StockMessages.deltaInvalid })
  .int(StockMessages.deltaInvalid)
  .min(-BOOK_STOCK_MAX, StockMessages.deltaInvalid)
  .max(BOOK_STOCK_MAX, StockMessages.deltaInvalid)
  .refine((value) => value !== 0, StockMessages.deltaInvalid);

/** `POST v1/books/{id}/stock-movements` (books:manage). */
export const CreateStockMovementSchema = z
  .object({
    delta,
    reason: z.enum(STAFF_STOCK_REASONS, { error: StockMessages.reasonInvalid }),
    note: freeText(z.string().trim().max(STOCK_NOTE_MAX, StockMessages.noteMax), StockMessages.noteBlank)
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'received' && value.delta < 0)
      ctx.addIssue({ code: 'custom', path: ['delta'], message: StockMessages.receivedPositive });
    if (value.reason === 'damaged' && value.delta > 0)
      ctx.addIssue({ code: 'custom', path: ['delta'], message: StockMessages.damagedNegative });
  });
export type CreateStockMovementInput = z.input<typeof CreateStockMovementSchema>;
export type CreateStockMovement = z.infer<typeof CreateStockMovementSchema>;

export const StockMovementSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  reasonName: z.string(),
  /** The book's stock once this movement was made. */
  stockAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  returnId: z.number().int().nullable(),
  /** The staff member who made it by hand or through the book form (null for checkout and the order lifecycle). */
  staffId: z.number().int().nullable(),
  /** That staff member's user name, as the ledger shows it. */
  staffUserName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

/** `GET v1/books/{id}/stock-movements`: newest first. */
export const StockMovementQuerySchema = PageQuerySchema;
export type StockMovementQuery = z.infer<typeof StockMovementQuerySchema>;

export const StockMovementPageSchema = pageOf(StockMovementSchema);
export type StockMovementPage = z.infer<typeof StockMovementPageSchema>;
