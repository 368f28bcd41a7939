import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PreferredLanguage } from '@bookshop/contracts/auth';
import type { TicketKind, TicketStatus } from '@bookshop/contracts/support';
import { accountIdColumn, accounts } from '../auth/schema.ts';
import { orders } from '../orders/schema.ts';

/**
 * Support tickets of signed-in customers and contact items of the public form, in one table
 * (docs/decisions/041-support-and-contact.md): a ticket has a customer, a contact item a name and
 * an e-mail address instead. Text is stored as typed (trimmed) and only ever shown as text.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<TicketKind>().notNull(),
    // A customer's tickets are personal data: deleting the account row would delete them (it is
    // anonymised instead, and the customers module removes them then).
    customerId: accountIdColumn('customer_id'),
    /** Contact items only: who wrote, and where the answer goes. */
    name: text('name'),
    emailAddress: text('email_address'),
    /**
     * Contact items only: the language of the request that sent the form (decision 094), in which
     * its mails are written; a ticket's follow the customer's preferred language.
     */
    language: text('language').$type<PreferredLanguage>(),
    /** One of the customer's orders, when the question is about it. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The staff list: open ones, oldest first.
    index('support_tickets_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('support_tickets_customer_idx').on(t.customerId, t.createdAt, t.id),
    check('support_tickets_kind_check', sql`${t.kind} in ('ticket', 'contact')`),
    check('support_tickets_language_check', sql`${t.language} in ('en', 'ar')`),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'closed')`),
    check(
      'support_tickets_author_check',
      sql`(${t.kind} = 'ticket' and ${t.customerId} is not null and ${t.name} is null and ${t.emailAddress} is null)
        or (${t.kind} = 'contact' and ${t.customerId} is null and ${t.name} is not null and ${t.emailAddress} is not null and ${t.orderId} is null)`,
    ),
  ],
);

/**
 * The thread after the first message, in the order written: staff answers (each mailed to the
 * ticket's author) and the author's follow-ups (decision 071).
 */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /**
     * The ticket's author wrote it: a customer on /account, or staff pasting an e-mailed answer
     * (a contact item's author has no account). Not mailed to anyone.
     */
    fromCustomer: boolean('from_customer').notNull().default(false),
    /** Who wrote or pasted it: the customer, or the staff member; null once their account is gone. */
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);
