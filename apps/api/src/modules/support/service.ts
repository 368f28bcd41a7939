import type { FastifyBaseLogger } from 'fastify';
import { orderNumber } from '@bookshop/contracts/orders';
import { toPage } from '@bookshop/contracts/pagination';
import {
  HONEYPOT_FIELD,
  SupportMessages,
  ticketNumber,
  type CreateContactItem,
  type CreateSupportTicket,
  type CreateTicketReply,
  type CustomerTicket,
  type CustomerTicketQuery,
  type PendingTicketQuery,
  type StaffTicket,
  type StaffTicketSummary,
  type TicketCreated,
  type TicketKind,
  type TicketStatus,
} from '@bookshop/contracts/support';
import type { AuthUser } from '../../platform/auth.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { OrdersService } from '../orders/service.ts';
import { acknowledgementMail, replyMail } from './mails.ts';
import * as queries from './queries.ts';

export type SupportService = ReturnType<typeof createSupportService>;

type Honeypot = { [HONEYPOT_FIELD]?: string };
/** A person leaves the hidden field empty; simple bots fill every field they find. */
const isBot = (input: Honeypot) => (input[HONEYPOT_FIELD] ?? '').trim() !== '';

const iso = (at: Date | null) => at?.toISOString() ?? null;

const created = (kind: TicketKind, number: string): TicketCreated => ({
  ticketNumber: number,
  message: kind === 'ticket' ? SupportMessages.ticketCreated(number) : SupportMessages.contactItemCreated,
});

/** What every view of a ticket shows, without its thread. */
function ticketFields(row: queries.TicketRow): Omit<CustomerTicket, 'replies'> {
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
function staffFields(row: queries.TicketWithAuthor) {
  return {
    kind: row.kind,
    name: row.authorName,
    emailAddress: row.authorDeleted ? '' : row.authorEmail,
    customerId: row.customerId,
    closedAt: iso(row.closedAt),
  };
}

const toReply = (reply: queries.ReplyRow, authorName: string) => ({
  id: reply.id,
  message: reply.message,
  createdAt: reply.createdAt.toISOString(),
  authorName,
});

// The customer hears from the shop, not from a named employee; staff see who answered.
const toCustomerTicket = (row: queries.TicketRow, replies: queries.ReplyRow[]): CustomerTicket => ({
  ...ticketFields(row),
  replies: replies.map((reply) => toReply(reply, SupportMessages.staffAuthor)),
});

const toStaffTicket = (row: queries.TicketWithAuthor, replies: queries.ReplyRow[]): StaffTicket => ({
  ...ticketFields(row),
  ...staffFields(row),
  replies: replies.map((reply) => toReply(reply, reply.authorName ?? SupportMessages.staffAuthor)),
});

const threadOf = (row: queries.TicketRow) => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  message: row.message,
  orderNumber: row.orderId === null ? null : orderNumber(row.orderId),
  createdAt: row.createdAt,
});

export function createSupportService(options: {
  db: Database;
  mailer: Mailer;
  orders: Pick<OrdersService, 'getForCustomer'>;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, orders, publicUrl, log } = options;

  /**
   * What a bot that filled the honeypot is told: the answer a person gets, with a number from the
   * tickets' own sequence (so it fits between real ones); nothing is stored and nothing mailed.
   */
  async function decoy(kind: TicketKind): Promise<TicketCreated> {
    const number = ticketNumber(await queries.nextTicketId(db));
    log.info({ kind }, 'support honeypot filled: answered as created, nothing stored or sent');
    return created(kind, number);
  }

  /** Stores the first message and queues its acknowledgement in one transaction, then wakes the mailer. */
  async function open(ticket: queries.NewTicket): Promise<queries.TicketWithAuthor> {
    const stored = await db.transaction(async (tx) => {
      const { id } = await queries.insertTicket(tx, ticket);
      const row = (await queries.findTicket(tx, id))!;
      await mailer.enqueue(tx, acknowledgementMail(row.authorEmail, row.authorName, threadOf(row), publicUrl));
      return row;
    });
    mailer.wake();
    return stored;
  }

  async function staffTicket(tx: Tx, id: number): Promise<StaffTicket> {
    const row = await queries.findTicket(tx, id);
    if (!row) throw notFound(SupportMessages.notFound);
    return toStaffTicket(row, await queries.listReplies(tx, [id]));
  }

  return {
    /** A signed-in customer's ticket; the order, when given, must be theirs (else 400 naming orderId). */
    async createTicket(customer: AuthUser, input: CreateSupportTicket): Promise<TicketCreated> {
      if (isBot(input)) return decoy('ticket');
      if (input.orderId) {
        // The orders module decides whose order it is; its 404 must not say whether it exists.
        const owned = await orders.getForCustomer(customer.id, input.orderId).then(
          () => true,
          (error: unknown) => {
            if (error instanceof HttpProblem && error.status === 404) return false;
            throw error;
          },
        );
        if (!owned)
          throw new HttpProblem(400, 'Validation Failed', SupportMessages.orderNotYours, {
            orderId: [SupportMessages.orderNotYours],
          });
      }
      const row = await open({
        kind: 'ticket',
        customerId: customer.id,
        orderId: input.orderId ?? null,
        subject: input.subject,
        message: input.message,
      });
      return created('ticket', ticketNumber(row.id));
    },

    /** The public contact form: a ticket without a customer. */
    async createContactItem(input: CreateContactItem): Promise<TicketCreated> {
      if (isBot(input)) return decoy('contact');
      const row = await open({
        kind: 'contact',
        name: input.name,
        emailAddress: input.emailAddress,
        subject: input.subject,
        message: input.message,
      });
      return created('contact', ticketNumber(row.id));
    },

    /** The customer's own tickets with their replies, newest first. */
    async listForCustomer(customerId: number, { pageNo, pageSize }: CustomerTicketQuery) {
      const { total, rows: found } = await queries.pageCustomerTickets(
        db,
        customerId,
        pageSize,
        (pageNo - 1) * pageSize,
      );
      const replies = await queries.listReplies(
        db,
        found.map((row) => row.id),
      );
      const data = found.map((row) =>
        toCustomerTicket(
          row,
          replies.filter((reply) => reply.ticketId === row.id),
        ),
      );
      return toPage(data, total, { pageNo, pageSize });
    },

    /** Open tickets and contact items, oldest first: the ones waiting longest come first. */
    async listPending({ pageNo, pageSize, kind }: PendingTicketQuery) {
      const { total, rows: found } = await queries.pagePending(db, kind, pageSize, (pageNo - 1) * pageSize);
      const data: StaffTicketSummary[] = found.map((row) => ({
        ...ticketFields(row),
        ...staffFields(row),
        replyCount: row.replyCount,
        lastReplyAt: iso(row.lastReplyAt),
      }));
      return toPage(data, total, { pageNo, pageSize });
    },

    getForStaff: (id: number) => staffTicket(db, id),

    /** Keeps the reply in the thread and mails it to the author, in one transaction; a closed ticket is 409. */
    async reply(id: number, staffId: number, input: CreateTicketReply): Promise<StaffTicket> {
      const ticket = await db.transaction(async (tx) => {
        const row = await queries.findTicket(tx, id, { lock: true });
        if (!row) throw notFound(SupportMessages.notFound);
        if (row.status === 'closed') throw conflict(SupportMessages.closed);
        await queries.insertReply(tx, { ticketId: id, authorId: staffId, message: input.message });
        await queries.touch(tx, id);
        // A deleted customer account has no address left; the reply stays in the thread.
        if (!row.authorDeleted)
          await mailer.enqueue(tx, replyMail(row.authorEmail, row.authorName, threadOf(row), input.message, publicUrl));
        return staffTicket(tx, id);
      });
      mailer.wake();
      return ticket;
    },

    /** Closes (it leaves the pending list) or reopens a ticket; setting the status it has changes nothing. */
    async setStatus(id: number, staffId: number, status: TicketStatus): Promise<StaffTicket> {
      return db.transaction(async (tx) => {
        const row = await queries.findTicket(tx, id, { lock: true });
        if (!row) throw notFound(SupportMessages.notFound);
        if (row.status !== status) await queries.setStatus(tx, id, status, staffId);
        return staffTicket(tx, id);
      });
    },

    /** Account deletion: the customer's tickets are personal data and go with it (in the caller's transaction). */
    async removeAllForCustomer(customerId: number, { tx }: { tx: Tx }): Promise<void> {
      await queries.deleteCustomerTickets(tx, customerId);
    },
  };
}
