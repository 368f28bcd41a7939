import { z } from 'zod';
import { BookIdSchema } from './cart.ts';

/** Back-in-stock alerts (issue 22, decision 082): a customer asks to be e-mailed when a sold-out book returns. */
export const StockAlertMessages = {
  bookNotFound: 'This book does not exist.',
  inStock: 'This book is in stock: you can buy it now.',
  noAlert: 'You have not asked to be told about this book.',
  /** The book page's button and what it says once asked. */
  notifyMe: "Notify me when it's back",
  willEmail: "We'll e-mail you",
  /** The e-mail's subject. */
  backInStock: (title: string) => `${title} is back in stock`,
} as const;

/** `POST v1/stock-alerts`. */
export const CreateStockAlertSchema = z.object({ bookId: BookIdSchema });

export const StockAlertParamsSchema = z.object({
  bookId: z.coerce.number({ error: 'Book id must be a positive whole number.' }).pipe(BookIdSchema),
});

/** One waiting alert: the book and its title, and when the customer asked. */
export const StockAlertSchema = z.object({
  bookId: z.number().int(),
  title: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

/** `GET v1/stock-alerts`: the customer's waiting alerts, newest first. */
export const StockAlertListSchema = z.array(StockAlertSchema);
export type StockAlertList = z.infer<typeof StockAlertListSchema>;
