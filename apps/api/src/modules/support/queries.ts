import { and, asc, count, desc, eq, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PreferredLanguage } from '@bookshop/contracts/auth';
import type { TicketKind, TicketStatus, TicketStatusFilter } from '@bookshop/contracts/support';
import { countRows, readTogether, rows, type Tx } from '../../platform/db.ts';
import { greetingName } from '../../platform/mailer.ts';
import { accounts } from '../auth/schema.ts';
import { supportReplies, supportTickets } from './schema.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;

/** A ticket with its author's current name and address (a customer's come from their account). */
export type TicketWithAuthor = TicketRow & {
  authorName: string;
  /** How mails greet the author: a customer's first name (else user name), the contact form's name. */
  authorFirstName: string;
  authorEmail: string;
  /** A deleted customer account: nobody to mail any more. */
  authorDeleted: boolean;
  /** The language of the author's mails: a customer's preferred one, the language a guest wrote in (decision 094). */
  authorLanguage: PreferredLanguage;
};

/** `authorName`: the ticket's author for their own follow-ups, else the staff member's (null once gone). */
export type ReplyRow = {
  id: number;
  ticketId: number;
  fromCustomer: boolean;
  message: string;
  createdAt: Date;
  authorName: string | null;
};

const customer = alias(accounts, 'customer');
const author = alias(accounts, 'author');

const withAuthor = {
  ticket: supportTickets,
  customerUserName: customer.userName,
  customerFirstName: customer.firstName,
  customerEmail: customer.emailAddress,
  customerDeletedAt: customer.deletedAt,
  customerLanguage: customer.preferredLanguage,
};
type JoinedRow = {
  ticket: TicketRow;
  customerUserName: string | null;
  customerFirstName: string | null;
  customerEmail: string | null;
  customerDeletedAt: Date | null;
  customerLanguage: PreferredLanguage | null;
};

const toTicket = (row: JoinedRow): TicketWithAuthor => ({
  ...row.ticket,
  authorName: row.ticket.name ?? row.customerUserName ?? '',
  authorFirstName:
    row.ticket.name ??
    (row.customerUserName === null
      ? ''
      : greetingName({ firstName: row.customerFirstName, userName: row.customerUserName })),
  authorEmail: row.ticket.emailAddress ?? row.customerEmail ?? '',
  authorDeleted: row.customerDeletedAt !== null,
  authorLanguage: row.ticket.language ?? row.customerLanguage ?? 'en',
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

/** `by`: who closes it (staff), or who reopens it (staff, or the customer replying). */
export async function setStatus(tx: Tx, id: number, status: TicketStatus, by: number): Promise<void> {
  const closing = status === 'closed';
  await tx
    .update(supportTickets)
    .set({
      status,
      closedAt: closing ? sql`now()` : null,
      closedBy: closing ? by : null,
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

export async function insertReply(
  tx: Tx,
  reply: { ticketId: number; authorId: number; message: string; fromCustomer: boolean },
) {
  await tx.insert(supportReplies).values(reply);
}

/** The replies of these tickets (staff answers and the author's follow-ups), oldest first, with who wrote each. */
export async function listReplies(tx: Tx, ticketIds: number[]): Promise<ReplyRow[]> {
  if (ticketIds.length === 0) return [];
  const found = await tx
    .select({
      id: supportReplies.id,
      ticketId: supportReplies.ticketId,
      fromCustomer: supportReplies.fromCustomer,
      message: supportReplies.message,
      createdAt: supportReplies.createdAt,
      staffName: author.userName,
      contactName: supportTickets.name,
      customerUserName: customer.userName,
    })
    .from(supportReplies)
    .innerJoin(supportTickets, eq(supportTickets.id, supportReplies.ticketId))
    .leftJoin(customer, eq(customer.id, supportTickets.customerId))
    .leftJoin(author, eq(author.id, supportReplies.authorId))
    .where(inArray(supportReplies.ticketId, ticketIds))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  // A follow-up pasted by staff is still the author's words: it carries the author's name.
  return found.map(({ staffName, contactName, customerUserName, ...reply }) => ({
    ...reply,
    authorName: reply.fromCustomer ? (contactName ?? customerUserName) : staffName,
  }));
}

export async function pageCustomerTickets(tx: Tx, customerId: number, limit: number, offset: number) {
  const where = eq(supportTickets.customerId, customerId);
  const [total, found] = await readTogether(
    tx,
    () => countRows(tx, supportTickets, where),
    () =>
      tx
        .select()
        .from(supportTickets)
        .where(where)
        .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
        .limit(limit)
        .offset(offset),
  );
  return { total, rows: found };
}

export type StaffTicketFilter = { status: TicketStatusFilter; kind?: TicketKind; search?: string };

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** 'ST-000123', 'st123' or '123': the id a ticket number stands for. */
const ticketIdOf = (text: string) => {
  const digits = /^(?:st-?)?0*(\d{1,10})$/i.exec(text)?.[1];
  const id = digits === undefined ? NaN : Number(digits);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
};

function staffWhere({ status, kind, search }: StaffTicketFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    status === 'all' ? undefined : eq(supportTickets.status, status),
    kind ? eq(supportTickets.kind, kind) : undefined,
  ];
  const id = search ? ticketIdOf(search) : undefined;
  if (id !== undefined) {
    // A ticket number names one ticket: '52' is not also every address with 52 in it.
    conditions.push(eq(supportTickets.id, id));
  } else if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        // A contact item's own name and address, or the customer's account.
        ilike(supportTickets.name, pattern),
        ilike(supportTickets.emailAddress, pattern),
        ilike(customer.userName, pattern),
        ilike(customer.emailAddress, pattern),
        ilike(sql`coalesce(${customer.firstName}, '') || ' ' || coalesce(${customer.lastName}, '')`, pattern),
      ),
    );
  }
  return and(...conditions);
}

/**
 * The staff list. Open tickets come oldest first (the longest waiting on top); closed ones and
 * all of them by latest activity, newest first.
 */
export async function pageStaffTickets(tx: Tx, filter: StaffTicketFilter, limit: number, offset: number) {
  const where = staffWhere(filter);
  const replies = tx
    .select({
      ticketId: supportReplies.ticketId,
      replyCount: count().as('reply_count'),
      lastReplyAt: max(supportReplies.createdAt).as('last_reply_at'),
      lastStaffReplyAt: sql<
        string | null
      >`max(${supportReplies.createdAt}) filter (where not ${supportReplies.fromCustomer})`.as('last_staff_reply_at'),
      lastCustomerReplyAt: sql<
        string | null
      >`max(${supportReplies.createdAt}) filter (where ${supportReplies.fromCustomer})`.as('last_customer_reply_at'),
    })
    .from(supportReplies)
    .groupBy(supportReplies.ticketId)
    .as('replies');
  const order =
    filter.status === 'open'
      ? [asc(supportTickets.createdAt), asc(supportTickets.id)]
      : [desc(supportTickets.updatedAt), desc(supportTickets.id)];
  const [[counted], found] = await readTogether(
    tx,
    () =>
      tx
        .select({ total: count() })
        .from(supportTickets)
        .leftJoin(customer, eq(customer.id, supportTickets.customerId))
        .where(where),
    () =>
      tx
        .select({
          ...withAuthor,
          replyCount: replies.replyCount,
          lastReplyAt: replies.lastReplyAt,
          lastStaffReplyAt: replies.lastStaffReplyAt,
          lastCustomerReplyAt: replies.lastCustomerReplyAt,
        })
        .from(supportTickets)
        .leftJoin(customer, eq(customer.id, supportTickets.customerId))
        .leftJoin(replies, eq(replies.ticketId, supportTickets.id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  // An aggregate in a subquery comes back as the driver's text, not as a Date.
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    total: Number(counted?.total ?? 0),
    rows: found.map((row) => {
      const lastStaff = date(row.lastStaffReplyAt);
      const lastCustomer = date(row.lastCustomerReplyAt);
      return {
        ...toTicket(row),
        replyCount: Number(row.replyCount ?? 0),
        lastReplyAt: date(row.lastReplyAt),
        awaitingAnswer: lastStaff === null || (lastCustomer !== null && lastCustomer > lastStaff),
      };
    }),
  };
}

/** Deletes a customer's tickets and their replies (account deletion, in the caller's transaction). */
export async function deleteCustomerTickets(tx: Tx, customerId: number): Promise<void> {
  await tx.delete(supportTickets).where(eq(supportTickets.customerId, customerId));
}
