import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './constants.ts';
import { OrderMessages } from './orders.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { freeText, lineText } from './text.ts';

/**
 * Support tickets (signed-in customers) and contact items (the public /contact-us form), one
 * thread each: the first message, then staff replies. Limits and the honeypot are in
 * docs/decisions/041-support-and-contact.md. Text is kept as typed (trimmed) and always shown as
 * text, never as HTML.
 */

export const SUBJECT_MIN_LENGTH = 3;
export const SUBJECT_MAX_LENGTH = 150;
export const MESSAGE_MIN_LENGTH = 10;
export const MESSAGE_MAX_LENGTH = 5000;
export const TICKET_SEARCH_MAX_LENGTH = 100;

/**
 * The hidden form field people never see or fill. A request with anything in it is answered like
 * a success and nothing is stored or sent (decision 041).
 */
export const HONEYPOT_FIELD = 'website';

export const SupportMessages = {
  subjectRequired: 'Subject is required.',
  subjectMin: `Subject must be at least ${SUBJECT_MIN_LENGTH} characters long.`,
  subjectMax: `Subject must be at most ${SUBJECT_MAX_LENGTH} characters long.`,
  messageRequired: 'Message is required.',
  messageMin: `Message must be at least ${MESSAGE_MIN_LENGTH} characters long.`,
  messageMax: `Message must be at most ${MESSAGE_MAX_LENGTH} characters long.`,
  nameRequired: 'Name is required.',
  nameMin: `Name must be at least ${NAME_MIN_LENGTH} characters long.`,
  nameMax: `Name must be at most ${NAME_MAX_LENGTH} characters long.`,
  replyRequired: 'Reply is required.',
  replyMax: `Reply must be at most ${MESSAGE_MAX_LENGTH} characters long.`,
  /** Same words for an order that does not exist and another customer's: nothing is revealed. */
  orderNotYours: 'Choose one of your own orders.',
  honeypotInvalid: 'Leave this field empty.',
  idInvalid: 'Ticket id must be a positive whole number.',
  notFound: 'This support ticket does not exist.',
  statusInvalid: "Status must be 'open' or 'closed'.",
  statusFilterInvalid: "Status must be 'open', 'closed' or 'all'.",
  searchMax: `Search must be at most ${TICKET_SEARCH_MAX_LENGTH} characters long.`,
  /** The answer to a customer's follow-up on /account. */
  followUpSent: 'Your reply was sent. We will answer soon.',
  closed: 'This ticket is closed. Reopen it before replying.',
  ticketCreated: (ticketNumber: string) =>
    `Thank you. Your ticket ${ticketNumber} is open; we have e-mailed you a copy and will answer soon.`,
  contactItemCreated: 'Thank you for your message. We have e-mailed you a copy and will answer soon.',
  /** How the customer sees staff in their thread: the shop answers, not a named employee. */
  staffAuthor: 'Bookshop Support',
} as const;

/** 'ST-000123': what the customer quotes, in e-mails and on /account. */
export const ticketNumber = (id: number): string => `ST-${String(id).padStart(6, '0')}`;

export const TICKET_KINDS = ['ticket', 'contact'] as const;
/** `ticket`: a signed-in customer's; `contact`: the public contact form's (no account). */
export type TicketKind = (typeof TICKET_KINDS)[number];

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

const text = (
  rules: typeof freeText,
  required: string,
  min: number,
  minMessage: string,
  max: number,
  maxMessage: string,
) =>
  z
    .string({ error: required })
    .trim()
    .pipe(rules(z.string().min(1, required), required))
    .pipe(z.string().min(min, minMessage).max(max, maxMessage));

const SubjectSchema = text(
  lineText,
  SupportMessages.subjectRequired,
  SUBJECT_MIN_LENGTH,
  SupportMessages.subjectMin,
  SUBJECT_MAX_LENGTH,
  SupportMessages.subjectMax,
);
const MessageSchema = text(
  freeText,
  SupportMessages.messageRequired,
  MESSAGE_MIN_LENGTH,
  SupportMessages.messageMin,
  MESSAGE_MAX_LENGTH,
  SupportMessages.messageMax,
);
/** Optional and usually absent; a string so a bot's text is accepted (and then ignored). */
const HoneypotSchema = z.string({ error: SupportMessages.honeypotInvalid }).max(500).optional();

/** `POST v1/support-tickets` (signed-in customer). */
export const CreateSupportTicketSchema = z.object({
  subject: SubjectSchema,
  message: MessageSchema,
  /** One of the customer's own orders, when the question is about it. */
  orderId: z
    .number({ error: OrderMessages.idInvalid })
    .int(OrderMessages.idInvalid)
    .positive(OrderMessages.idInvalid)
    .max(2_147_483_647, OrderMessages.idInvalid)
    .nullish(),
  [HONEYPOT_FIELD]: HoneypotSchema,
});
export type CreateSupportTicket = z.infer<typeof CreateSupportTicketSchema>;

/** `POST v1/contact-items` (anyone): the spec's "create-contact-item". */
export const CreateContactItemSchema = z.object({
  name: text(
    lineText,
    SupportMessages.nameRequired,
    NAME_MIN_LENGTH,
    SupportMessages.nameMin,
    NAME_MAX_LENGTH,
    SupportMessages.nameMax,
  ),
  emailAddress: EmailSchema,
  subject: SubjectSchema,
  message: MessageSchema,
  [HONEYPOT_FIELD]: HoneypotSchema,
});
export type CreateContactItem = z.infer<typeof CreateContactItemSchema>;

/** The 201 of both: the number to quote, and words for the form's success state. */
export const TicketCreatedSchema = z.object({ ticketNumber: z.string(), message: z.string() });
export type TicketCreated = z.infer<typeof TicketCreatedSchema>;

export const TicketReplySchema = z.object({
  id: z.number().int(),
  message: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Staff see who answered; the customer sees 'Bookshop Support'. The customer's own: their name. */
  authorName: z.string(),
  /** The author's own follow-up (written on /account, or their e-mail pasted by staff), not an answer from the shop. */
  fromCustomer: z.boolean(),
});
export type TicketReply = z.infer<typeof TicketReplySchema>;

/** A ticket as its customer sees it on /account, with the replies. */
export const CustomerTicketSchema = z.object({
  id: z.number().int(),
  ticketNumber: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  replies: z.array(TicketReplySchema),
});
export type CustomerTicket = z.infer<typeof CustomerTicketSchema>;

/** A ticket or contact item as staff see it: who wrote it and how to reach them. */
export const StaffTicketSchema = CustomerTicketSchema.extend({
  kind: z.enum(TICKET_KINDS),
  /** The contact form's name, or the customer's user name. */
  name: z.string(),
  /** Where replies are mailed; empty once a customer deleted their account. */
  emailAddress: z.string(),
  customerId: z.number().int().nullable(),
  closedAt: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof StaffTicketSchema>;

/** A row of the staff list: the ticket without its thread, plus how far it got. */
export const StaffTicketSummarySchema = StaffTicketSchema.omit({ replies: true }).extend({
  /** Messages after the first, staff answers and the customer's follow-ups alike. */
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  /** The author wrote last: nobody from the shop has answered since. */
  awaitingAnswer: z.boolean(),
});
export type StaffTicketSummary = z.infer<typeof StaffTicketSummarySchema>;

export const CustomerTicketPageSchema = pageOf(CustomerTicketSchema);
export const StaffTicketPageSchema = pageOf(StaffTicketSummarySchema);

/** `GET v1/support-tickets/customer`: the signed-in customer's tickets, newest first. */
export const CustomerTicketQuerySchema = PageQuerySchema;
export type CustomerTicketQuery = z.infer<typeof CustomerTicketQuerySchema>;

/** `GET v1/support-tickets/pending` (staff): open tickets and contact items, oldest first. */
export const PendingTicketQuerySchema = PageQuerySchema.extend({
  kind: z.enum(TICKET_KINDS, { error: "Kind must be 'ticket' or 'contact'." }).optional(),
});
export type PendingTicketQuery = z.infer<typeof PendingTicketQuerySchema>;

export const TICKET_STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];

/**
 * `GET v1/support-tickets` (staff): the list with its filters. Open ones come oldest first (the
 * longest waiting on top); closed ones and all of them, the latest activity first.
 */
export const StaffTicketQuerySchema = PendingTicketQuerySchema.extend({
  status: z.enum(TICKET_STATUS_FILTERS, { error: SupportMessages.statusFilterInvalid }).default('open'),
  /** A ticket number ('ST-000123', '123') or part of the author's name or e-mail address, any letter case. */
  q: z
    .string({ error: SupportMessages.searchMax })
    .trim()
    .max(TICKET_SEARCH_MAX_LENGTH, SupportMessages.searchMax)
    .optional(),
});
export type StaffTicketQuery = z.infer<typeof StaffTicketQuerySchema>;

export const TicketParamsSchema = z.object({
  id: z.coerce
    .number({ error: SupportMessages.idInvalid })
    .int(SupportMessages.idInvalid)
    .positive(SupportMessages.idInvalid)
    .max(2_147_483_647, SupportMessages.idInvalid),
});

/**
 * `POST v1/support-tickets/{id}/replies` (staff who manage tickets: mailed, and kept in the
 * thread); `POST v1/support-tickets/customer/{id}/replies` (the ticket's customer) and
 * `POST v1/support-tickets/{id}/author-replies` (staff pasting the author's e-mailed answer): the
 * author's words, kept in the thread, and a closed ticket opens again.
 */
export const CreateTicketReplySchema = z.object({
  message: z
    .string({ error: SupportMessages.replyRequired })
    .trim()
    .pipe(freeText(z.string().min(1, SupportMessages.replyRequired), SupportMessages.replyRequired))
    .pipe(z.string().max(MESSAGE_MAX_LENGTH, SupportMessages.replyMax)),
});
export type CreateTicketReply = z.infer<typeof CreateTicketReplySchema>;

/** `PATCH v1/support-tickets/{id}` (staff who manage tickets): close, or reopen. */
export const UpdateTicketSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: SupportMessages.statusInvalid }),
});
export type UpdateTicket = z.infer<typeof UpdateTicketSchema>;
