import { z } from 'zod';
import { PageQuerySchema } from './pagination.ts';

/**
 * Returns (issue 22, decision 080): a customer asks to send back delivered copies within
 * RETURN_WINDOW_DAYS of delivery; staff approve or reject the request and, once the parcel is
 * back, receive it: the returned lines are refunded and, if staff say so, put back in stock.
 */

/** How long after delivery a customer may ask to return copies. */
export const RETURN_WINDOW_DAYS = 14;

export const RETURN_REASON_MIN = 10;
export const RETURN_REASON_MAX = 500;

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_NAMES: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  received: 'Return received',
};

/**
 * Null until received; then `pending` → `refunded` (or `failed`) for a card, `owed` for cash on
 * delivery until staff mark it `paid` (there is no card to refund).
 */
export const RETURN_REFUND_STATUSES = ['pending', 'refunded', 'failed', 'owed', 'paid'] as const;
export type ReturnRefundStatus = (typeof RETURN_REFUND_STATUSES)[number];

export const ReturnMessages = {
  notFound: 'Return not found.',
  notDelivered: 'Only delivered copies can be returned.',
  windowClosed: `Copies can be returned within ${RETURN_WINDOW_DAYS} days of delivery.`,
  lineNotInOrder: (bookId: number) => `Book ${bookId} is not in this order.`,
  lineTooMany: (title: string, left: number) =>
    left === 0
      ? `No copies of ${title} can be returned.`
      : `Only ${left} ${left === 1 ? 'copy' : 'copies'} of ${title} can be returned.`,
  duplicateLine: 'Each book may appear once.',
  reason: `The reason must be between ${RETURN_REASON_MIN} and ${RETURN_REASON_MAX} characters.`,
  notRequested: 'Only a requested return can be approved or rejected.',
  notApproved: 'Only an approved return can be received.',
  refundNotOwed: 'This return has no refund owed.',
  statusOrRefundPaid: 'Give a status or refundPaid.',
} as const;

export const ReturnLineInputSchema = z.object({
  bookId: z.number({ error: 'bookId must be a whole number.' }).int('bookId must be a whole number.').positive(),
  quantity: z
    .number({ error: 'quantity must be a whole number.' })
    .int('quantity must be a whole number.')
    .min(1, 'quantity must be 1 or more.')
    .max(1000, 'quantity is too large.'),
});

export const CreateReturnSchema = z.object({
  lines: z
    .array(ReturnLineInputSchema)
    .min(1, 'Choose at least one book to return.')
    .max(100)
    .refine((lines) => new Set(lines.map((l) => l.bookId)).size === lines.length, ReturnMessages.duplicateLine),
  reason: z
    .string({ error: ReturnMessages.reason })
    .trim()
    .min(RETURN_REASON_MIN, ReturnMessages.reason)
    .max(RETURN_REASON_MAX, ReturnMessages.reason),
});
export type CreateReturn = z.infer<typeof CreateReturnSchema>;

export const UpdateReturnSchema = z
  .object({
    status: z
      .enum(['approved', 'rejected', 'received'], { error: "status must be 'approved', 'rejected' or 'received'." })
      .optional(),
    restock: z.boolean().optional(),
    /** Cash on delivery: staff paid the owed refund. */
    refundPaid: z.literal(true).optional(),
    note: z.string().trim().max(500, 'The note must be at most 500 characters.').optional(),
  })
  .refine((body) => body.status !== undefined || body.refundPaid !== undefined, {
    message: ReturnMessages.statusOrRefundPaid,
    path: ['status'],
  });
export type UpdateReturn = z.infer<typeof UpdateReturnSchema>;

export const ReturnParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ReturnQuerySchema = PageQuerySchema.extend({
  status: z.enum(RETURN_STATUSES, { error: 'status must be requested, approved, rejected or received.' }).optional(),
});
export type ReturnQuery = z.infer<typeof ReturnQuerySchema>;

export const ReturnEventSchema = z.object({
  status: z.enum(RETURN_STATUSES),
  statusName: z.string(),
  note: z.string().nullable(),
  /** ISO 8601. */
  at: z.string(),
});

export const ReturnSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  statusName: z.string(),
  lines: z.array(
    z.object({ bookId: z.number().int(), title: z.string(), quantity: z.number().int(), price: z.number() }),
  ),
  reason: z.string(),
  /** AED: the returned lines at the price paid. */
  refundAmount: z.number(),
  refundStatus: z.enum(RETURN_REFUND_STATUSES).nullable(),
  restocked: z.boolean(),
  createdAt: z.string(),
  /** Its steps, oldest first. */
  events: z.array(ReturnEventSchema),
});
export type Return = z.infer<typeof ReturnSchema>;

/** Staff's list also says whose order it is. */
export const StaffReturnSchema = ReturnSchema.extend({ orderNumber: z.string(), customerEmail: z.string() });
export type StaffReturn = z.infer<typeof StaffReturnSchema>;
