import { orderNumber } from '@bookshop/contracts/orders';
import {
  SupportMessages,
  ticketNumber,
  type CustomerTicket,
  type StaffTicket,
  type StaffTicketSummary,
  type TicketCreated,
  type TicketReply,
  type TicketKind,
} from '@bookshop/contracts/support';
import type { ReplyRow, TicketRow, TicketWithAuthor } from './queries.ts';

/** How a ticket reads in each answer: the customer's view, the staff view, the thread its mails quote. */

const iso = (at: Date | null) => at?.toISOString() ?? null;

export const created = (kind: TicketKind, number: string): TicketCreated => ({
  ticketNumber: number,
  message: kind === 'ticket' ? SupportMessages.ticketCreated(number) : SupportMessages.contactItemCreated,
});

/** What every view of a ticket shows, without its thread. */
function ticketFields(row: TicketRow): Omit<CustomerTicket, 'replies'> {
  return {
    id: row.id,
    ticketNumber: ticketNumber(row.id),
    subject: row.subject,
    message: row.message,
    status: row.status,
    orderId: row.orderId,
    orderNumber: row.orderId === null ? null : orderNumber(row.orderId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who wrote it and how to reach them, for staff. */
function staffFields(row: TicketWithAuthor) {
  return {
    kind: row.kind,
    name: row.authorName,
    emailAddress: row.authorDeleted ? '' : row.authorEmail,
    customerId: row.customerId,
    closedAt: iso(row.closedAt),
  };
}

const toReply = (reply: ReplyRow, staffName: (reply: ReplyRow) => string): TicketReply => ({
  id: reply.id,
  message: reply.message,
  createdAt: reply.createdAt.toISOString(),
  authorName: reply.fromCustomer ? (reply.authorName ?? '') : staffName(reply),
  fromCustomer: reply.fromCustomer,
});

// The customer hears from the shop, not from a named employee; staff see who answered.
export const toCustomerTicket = (row: TicketRow, replies: ReplyRow[]): CustomerTicket => ({
  ...ticketFields(row),
  replies: replies.map((reply) => toReply(reply, () => SupportMessages.staffAuthor)),
});

export const toStaffTicket = (row: TicketWithAuthor, replies: ReplyRow[]): StaffTicket => ({
  ...ticketFields(row),
  ...staffFields(row),
  replies: replies.map((reply) => toReply(reply, (staff) => staff.authorName ?? SupportMessages.staffAuthor)),
});

export const toStaffTicketSummary = (
  row: TicketWithAuthor & { replyCount: number; lastReplyAt: Date | null; awaitingAnswer: boolean },
): StaffTicketSummary => ({
  ...ticketFields(row),
  ...staffFields(row),
  replyCount: row.replyCount,
  lastReplyAt: iso(row.lastReplyAt),
  awaitingAnswer: row.awaitingAnswer,
});

export const threadOf = (row: TicketRow) => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  message: row.message,
  orderNumber: row.orderId === null ? null : orderNumber(row.orderId),
  createdAt: row.createdAt,
});
