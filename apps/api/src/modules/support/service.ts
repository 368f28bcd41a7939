import type { FastifyBaseLogger } from 'fastify';
import { toPage } from '@bookshop/contracts/pagination';
import {
  HONEYPOT_FIELD,
  SupportMessages,
  ticketNumber,
  type CreateContactItem,
  type CreateSupportTicket,
  type CreateTicketReply,
  type CustomerTicketQuery,
  type PendingTicketQuery,
  type StaffTicket,
  type StaffTicketQuery,
  type TicketCreated,
  type TicketKind,
  type TicketStatus,
} from '@bookshop/contracts/support';
import type { AuthUser } from '../../platform/auth.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import type { MailLanguage, Recipient } from '../../platform/mail-language.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { OrdersService } from '../orders/service.ts';
import { acknowledgementMail, replyMail } from './mails.ts';
import * as queries from './queries.ts';
import { created, threadOf, toCustomerTicket, toStaffTicket, toStaffTicketSummary } from './views.ts';

export type SupportDeps = {
  db: Database;
  mailer: Mailer;
  orders: Pick<OrdersService, 'getForCustomer'>;
  publicUrl: string;
  /** Support's mailbox, named in the mails (SUPPORT_EMAIL). */
  supportEmail: string;
  log: FastifyBaseLogger;
};

type Honeypot = { [HONEYPOT_FIELD]?: string };
/** A person leaves the hidden field empty; simple bots fill every field they find. */
const isBot = (input: Honeypot) => (input[HONEYPOT_FIELD] ?? '').trim() !== '';

/**
 * What a bot that filled the honeypot is told: the answer a person gets, with a number from the
 * tickets' own sequence (so it fits between real ones); nothing is stored and nothing mailed.
 */
async function decoy({ db, log }: SupportDeps, kind: TicketKind): Promise<TicketCreated> {
  const number = ticketNumber(await queries.nextTicketId(db));
  log.info({ kind }, 'support honeypot filled: answered as created, nothing stored or sent');
  return created(kind, number);
}

/** Whom a ticket's mails go to, in the customer's preferred language or the language a guest wrote in. */
const authorOf = (row: queries.TicketWithAuthor): Recipient => ({
  emailAddress: row.authorEmail,
  name: row.authorFirstName,
  language: row.authorLanguage,
});

/** Stores the first message and queues its acknowledgement in one transaction, then wakes the mailer. */
async function open(
  { db, mailer, publicUrl, supportEmail }: SupportDeps,
  ticket: queries.NewTicket,
): Promise<TicketCreated> {
  const stored = await db.transaction(async (tx) => {
    const { id } = await queries.insertTicket(tx, ticket);
    const row = (await queries.findTicket(tx, id))!;
    await mailer.enqueue(tx, acknowledgementMail(authorOf(row), threadOf(row), { publicUrl, supportEmail }));
    return row;
  });
  mailer.wake();
  return created(ticket.kind, ticketNumber(stored.id));
}

/** Whether the orders module says the order is the customer's; its 404 must not say whether it exists. */
const ownsOrder = (orders: SupportDeps['orders'], customerId: number, orderId: number) =>
  orders.getForCustomer(customerId, orderId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof HttpProblem && error.status === 404) return false;
      throw error;
    },
  );

/** A signed-in customer's ticket; the order, when given, must be theirs (else 400 naming orderId). */
async function createTicket(deps: SupportDeps, customer: AuthUser, input: CreateSupportTicket) {
  if (isBot(input)) return decoy(deps, 'ticket');
  if (input.orderId && !(await ownsOrder(deps.orders, customer.id, input.orderId)))
    throw new HttpProblem(400, 'Validation Failed', SupportMessages.orderNotYours, {
      orderId: [SupportMessages.orderNotYours],
    });
  return open(deps, {
    kind: 'ticket',
    customerId: customer.id,
    orderId: input.orderId ?? null,
    subject: input.subject,
    message: input.message,
  });
}

/** The public contact form: a ticket without a customer. */
async function createContactItem(deps: SupportDeps, input: CreateContactItem, language: MailLanguage) {
  if (isBot(input)) return decoy(deps, 'contact');
  return open(deps, {
    kind: 'contact',
    language,
    name: input.name,
    emailAddress: input.emailAddress,
    subject: input.subject,
    message: input.message,
  });
}

/** The customer's own tickets with their replies, newest first. */
async function listForCustomer(db: Tx, customerId: number, { pageNo, pageSize }: CustomerTicketQuery) {
  const { total, rows: found } = await queries.pageCustomerTickets(db, customerId, pageSize, (pageNo - 1) * pageSize);
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
}

/** The staff list: open ones oldest first (the longest waiting on top), else the latest activity first. */
async function listForStaff(db: Tx, { pageNo, pageSize, kind, status, q }: StaffTicketQuery) {
  const { total, rows: found } = await queries.pageStaffTickets(
    db,
    { status, kind, search: q || undefined },
    pageSize,
    (pageNo - 1) * pageSize,
  );
  return toPage(found.map(toStaffTicketSummary), total, { pageNo, pageSize });
}

/** The customer's own ticket; another customer's, or a contact item, answers as if it did not exist. */
async function customerTicket(tx: Tx, customerId: number, id: number) {
  const row = await queries.findTicket(tx, id);
  if (!row || row.customerId !== customerId) throw notFound(SupportMessages.notFound);
  return toCustomerTicket(row, await queries.listReplies(tx, [id]));
}

/**
 * The author's own words join the thread (`by`: the customer, or staff pasting them from an
 * e-mail). A closed ticket opens again, so it is back in the staff's open list; nothing is mailed.
 */
async function addAuthorMessage(tx: Tx, row: queries.TicketRow, by: number, message: string) {
  await queries.insertReply(tx, { ticketId: row.id, authorId: by, message, fromCustomer: true });
  if (row.status === 'closed') await queries.setStatus(tx, row.id, 'open', by);
  else await queries.touch(tx, row.id);
}

/** The customer's follow-up in their own ticket's thread, written on /account. */
async function followUp(db: Database, customerId: number, id: number, input: CreateTicketReply) {
  return db.transaction(async (tx) => {
    const row = await queries.findTicket(tx, id, { lock: true });
    if (!row || row.customerId !== customerId) throw notFound(SupportMessages.notFound);
    await addAuthorMessage(tx, row, customerId, input.message);
    return customerTicket(tx, customerId, id);
  });
}

/** The author's answer that reached support by e-mail (the mails' Reply-To), pasted into the thread by staff. */
async function recordAuthorReply(db: Database, id: number, staffId: number, input: CreateTicketReply) {
  return db.transaction(async (tx) => {
    const row = await queries.findTicket(tx, id, { lock: true });
    if (!row) throw notFound(SupportMessages.notFound);
    await addAuthorMessage(tx, row, staffId, input.message);
    return staffTicket(tx, id);
  });
}

async function staffTicket(tx: Tx, id: number): Promise<StaffTicket> {
  const row = await queries.findTicket(tx, id);
  if (!row) throw notFound(SupportMessages.notFound);
  return toStaffTicket(row, await queries.listReplies(tx, [id]));
}

/** Keeps the reply in the thread and mails it to the author, in one transaction; a closed ticket is 409. */
async function reply(
  { db, mailer, publicUrl, supportEmail }: SupportDeps,
  id: number,
  staffId: number,
  input: CreateTicketReply,
) {
  const ticket = await db.transaction(async (tx) => {
    const row = await queries.findTicket(tx, id, { lock: true });
    if (!row) throw notFound(SupportMessages.notFound);
    if (row.status === 'closed') throw conflict(SupportMessages.closed);
    await queries.insertReply(tx, { ticketId: id, authorId: staffId, message: input.message, fromCustomer: false });
    await queries.touch(tx, id);
    // A deleted customer account has no address left; the reply stays in the thread.
    if (!row.authorDeleted)
      await mailer.enqueue(
        tx,
        replyMail(authorOf(row), threadOf(row), input.message, {
          publicUrl,
          supportEmail,
        }),
      );
    return staffTicket(tx, id);
  });
  mailer.wake();
  return ticket;
}

/** Closes (it leaves the pending list) or reopens a ticket; setting the status it has changes nothing. */
async function setStatus(db: Database, id: number, staffId: number, status: TicketStatus): Promise<StaffTicket> {
  return db.transaction(async (tx) => {
    const row = await queries.findTicket(tx, id, { lock: true });
    if (!row) throw notFound(SupportMessages.notFound);
    if (row.status !== status) await queries.setStatus(tx, id, status, staffId);
    return staffTicket(tx, id);
  });
}

export type SupportService = ReturnType<typeof createSupportService>;

/** Support tickets and contact items: each use case above, handed its dependencies. */
export function createSupportService(deps: SupportDeps) {
  const { db } = deps;
  return {
    createTicket: (customer: AuthUser, input: CreateSupportTicket) => createTicket(deps, customer, input),
    createContactItem: (input: CreateContactItem, language: MailLanguage) => createContactItem(deps, input, language),
    listForCustomer: (customerId: number, query: CustomerTicketQuery) => listForCustomer(db, customerId, query),
    listForStaff: (query: StaffTicketQuery) => listForStaff(db, query),
    /** The spec's pending list: the staff list of open ones. */
    listPending: (query: PendingTicketQuery) => listForStaff(db, { ...query, status: 'open' }),
    followUp: (customerId: number, id: number, input: CreateTicketReply) => followUp(db, customerId, id, input),
    recordAuthorReply: (id: number, staffId: number, input: CreateTicketReply) =>
      recordAuthorReply(db, id, staffId, input),
    getForStaff: (id: number) => staffTicket(db, id),
    reply: (id: number, staffId: number, input: CreateTicketReply) => reply(deps, id, staffId, input),
    setStatus: (id: number, staffId: number, status: TicketStatus) => setStatus(db, id, staffId, status),
    /** Account deletion: the customer's tickets are personal data and go with it (in the caller's transaction). */
    removeAllForCustomer: (customerId: number, { tx }: { tx: Tx }) => queries.deleteCustomerTickets(tx, customerId),
  };
}
