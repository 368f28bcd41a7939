import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TicketKind, TicketStatus } from '@bookshop/contracts/support';
import { countRows, rows, type Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';
import { supportReplies, supportTickets } from './schema.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;

/** A ticket with its author's current name and address (a customer's come from their account). */
export type TicketWithAuthor = TicketRow & {
  authorName: string;
  authorEmail: string;
  /** A deleted customer account: nobody to mail any more. */
  authorDeleted: boolean;
};

export type ReplyRow = { id: number; ticketId: number; message: string; createdAt: Date; authorName: string | null };

const customer = alias(accounts, 'customer');
const author = alias(accounts, 'author');

const withAuthor = {
  ticket: supportTickets,
  customerUserName: customer.userName,
  customerEmail: customer.emailAddress,
  customerDeletedAt: customer.deletedAt,
};
type JoinedRow = {
  ticket: TicketRow;
  customerUserName: string | null;
  customerEmail: string | null;
  customerDeletedAt: Date | null;
};

const toTicket = (row: JoinedRow): TicketWithAuthor => ({
  ...row.ticket,
  authorName: row.ticket.name ?? row.customerUserName ?? '',
  authorEmail: row.ticket.emailAddress ?? row.customerEmail ?? '',
  authorDeleted: row.customerDeletedAt !== null,
});

/** Takes the next id from the tickets' sequence without storing a ticket (the honeypot's decoy). */
export async function nextTicketId(tx: Tx): Promise<number> {
  const [next] = await rows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('support_tickets', 'id')) as id`,
  );
  return Number(next!.id);
}

export async function insertTicket(tx: Tx, ticket: NewTicket): Promise<TicketRow> {
  const [row] = await tx.insert(supportTickets).values(ticket).returning();
  return row!;
}

export async function findTicket(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  const query = tx
    .select(withAuthor)
    .from(supportTickets)
    .leftJoin(customer, eq(customer.id, supportTickets.customerId))
    .where(eq(supportTickets.id, id));
  // Locks the ticket row only: a reply and a close of the same ticket wait for each other.
  const [row] = options.lock ? await query.for('update', { of: supportTickets }) : await query;
  return row && toTicket(row);
}

export async function setStatus(tx: Tx, id: number, status: TicketStatus, staffId: number): Promise<void> {
  const closing = status === 'closed';
  await tx
    .update(supportTickets)
    .set({
      status,
      closedAt: closing ? sql`now()` : null,
      closedBy: closing ? staffId : null,
      updatedAt: sql`now()`,
    })
    .where(eq(supportTickets.id, id));
}

export async function touch(tx: Tx, id: number): Promise<void> {
  await tx
    .update(supportTickets)
    .set({ updatedAt: sql`now()` })
    .where(eq(supportTickets.id, id));
}

export async function insertReply(tx: Tx, reply: { ticketId: number; authorId: number; message: string }) {
  await tx.insert(supportReplies).values(reply);
}

/** The replies of these tickets, oldest first, with the staff member's user name. */
export const listReplies = (tx: Tx, ticketIds: number[]): Promise<ReplyRow[]> =>
  ticketIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          id: supportReplies.id,
          ticketId: supportReplies.ticketId,
          message: supportReplies.message,
          createdAt: supportReplies.createdAt,
          authorName: author.userName,
        })
        .from(supportReplies)
        .leftJoin(author, eq(author.id, supportReplies.authorId))
        .where(inArray(supportReplies.ticketId, ticketIds))
        .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));

export async function pageCustomerTickets(tx: Tx, customerId: number, limit: number, offset: number) {
  const where = eq(supportTickets.customerId, customerId);
  const [total, found] = await Promise.all([
    countRows(tx, supportTickets, where),
    tx
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { total, rows: found };
}

export async function pagePending(tx: Tx, kind: TicketKind | undefined, limit: number, offset: number) {
  const where: SQL | undefined = and(
    eq(supportTickets.status, 'open'),
    kind ? eq(supportTickets.kind, kind) : undefined,
  );
  const replies = tx
    .select({
      ticketId: supportReplies.ticketId,
      replyCount: count().as('reply_count'),
      lastReplyAt: max(supportReplies.createdAt).as('last_reply_at'),
    })
    .from(supportReplies)
    .groupBy(supportReplies.ticketId)
    .as('replies');
  const [total, found] = await Promise.all([
    countRows(tx, supportTickets, where),
    tx
      .select({ ...withAuthor, replyCount: replies.replyCount, lastReplyAt: replies.lastReplyAt })
      .from(supportTickets)
      .leftJoin(customer, eq(customer.id, supportTickets.customerId))
      .leftJoin(replies, eq(replies.ticketId, supportTickets.id))
      .where(where)
      .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id))
      .limit(limit)
      .offset(offset),
  ]);
  return {
    total,
    rows: found.map((row) => ({
      ...toTicket(row),
      replyCount: Number(row.replyCount ?? 0),
      // An aggregate in a subquery comes back as the driver's text, not as a Date.
      lastReplyAt: row.lastReplyAt ? new Date(row.lastReplyAt as unknown as string) : null,
    })),
  };
}

/** Deletes a customer's tickets and their replies (account deletion, in the caller's transaction). */
export async function deleteCustomerTickets(tx: Tx, customerId: number): Promise<void> {
  await tx.delete(supportTickets).where(eq(supportTickets.customerId, customerId));
}
