import { z } from 'zod';
import { BookIdSchema } from './cart.ts';

export { StockAlertMessages } from './stock-alert-messages.ts';

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

/** `GET v1/stock-alerts`: the customer's waiting alerts, newest first. */
export const StockAlertListSchema = z.array(StockAlertSchema);
export type StockAlertList = z.infer<typeof StockAlertListSchema>;
