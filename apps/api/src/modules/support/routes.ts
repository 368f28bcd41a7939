import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import {
  CreateContactItemSchema,
  CreateSupportTicketSchema,
  CreateTicketReplySchema,
  CustomerTicketPageSchema,
  CustomerTicketQuerySchema,
  CustomerTicketSchema,
  PendingTicketQuerySchema,
  StaffTicketPageSchema,
  StaffTicketQuerySchema,
  StaffTicketSchema,
  TicketCreatedSchema,
  TicketParamsSchema,
  UpdateTicketSchema,
} from '@bookshop/contracts/support';
import { requireCustomer, requirePermission, userOf } from '../../platform/auth.ts';
import { emailAddressKey, rateLimit, type Budget } from '../../platform/rate-limit.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import type { SupportService } from './service.ts';

const tags = ['support'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/**
 * Both forms send a mail, so they are limited like the account endpoints (decision 006): per IP
 * against scripts, and per author against flooding. The contact form mails whatever address is
 * typed, so its per-address budget is as strict as forgot-password's (decision 041).
 */
export const SupportLimits = {
  ticket: { perIp: { max: 30, windowSeconds: 60 * 60 }, perAccount: { max: 10, windowSeconds: 60 * 60 } },
  contactItem: { perIp: { max: 10, windowSeconds: 60 * 60 }, perAccount: { max: 3, windowSeconds: 60 * 60 } },
  /** A customer's follow-up mails nobody, but fills staff's list: as generous as opening tickets, twice over. */
  followUp: { perIp: { max: 60, windowSeconds: 60 * 60 }, perAccount: { max: 20, windowSeconds: 60 * 60 } },
} as const satisfies Record<string, { perIp: Budget; perAccount: Budget }>;
const customerKey = (request: FastifyRequest) => (request.user ? String(request.user.id) : undefined);

/** Support tickets and contact items (spec section 7, "Support"). */
export const supportRoutes: FastifyPluginCallbackZod<{ support: SupportService }> = (app, { support }, done) => {
  app.post(
    '/v1/support-tickets',
    {
      // onRequest: a caller without a token learns nothing about the body's shape.
      onRequest: [requireCustomer],
      // After validation, so a refused form does not use up the budget.
      preHandler: [rateLimit(app, 'support:ticket', SupportLimits.ticket, customerKey)],
      schema: {
        tags,
        summary:
          'Opens a support ticket for the signed-in customer (optionally about one of their orders) and mails a copy',
        body: CreateSupportTicketSchema,
        response: { 201: TicketCreatedSchema, ...problems, 429: ProblemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await support.createTicket(userOf(request), request.body)),
  );

  app.post(
    '/v1/contact-items',
    {
      preHandler: [rateLimit(app, 'support:contact-item', SupportLimits.contactItem, emailAddressKey)],
      schema: {
        tags,
        summary: 'The contact form (anyone): stores the message for staff and mails the sender a copy',
        body: CreateContactItemSchema,
        response: { 201: TicketCreatedSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    // A guest has no preferred language: their mails are in the language of the form's request (decision 094).
    async (request, reply) =>
      reply.status(201).send(await support.createContactItem(request.body, requestLanguage(request))),
  );

  app.get(
    '/v1/support-tickets/customer',
    {
      onRequest: [requireCustomer],
      schema: {
        tags,
        summary: "The signed-in customer's tickets with the replies, newest first",
        querystring: CustomerTicketQuerySchema,
        response: { 200: CustomerTicketPageSchema, ...problems },
      },
    },
    (request) => support.listForCustomer(userOf(request).id, request.query),
  );

  app.post(
    '/v1/support-tickets/customer/:id/replies',
    {
      onRequest: [requireCustomer],
      preHandler: [rateLimit(app, 'support:follow-up', SupportLimits.followUp, customerKey)],
      schema: {
        tags,
        summary:
          "The customer's follow-up in their own ticket's thread (another customer's is 404); a closed ticket opens again",
        params: TicketParamsSchema,
        body: CreateTicketReplySchema,
        response: { 201: CustomerTicketSchema, ...problems, 404: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await support.followUp(userOf(request).id, request.params.id, request.body)),
  );

  app.get(
    '/v1/support-tickets',
    {
      onRequest: [requirePermission(Permission.ViewSupportTickets)],
      schema: {
        tags,
        summary:
          'Tickets and contact items (staff who may read tickets): status open (oldest first), closed or all (latest activity first); kind; search q by ticket number, name or e-mail',
        querystring: StaffTicketQuerySchema,
        response: { 200: StaffTicketPageSchema, ...problems },
      },
    },
    (request) => support.listForStaff(request.query),
  );

  app.get(
    '/v1/support-tickets/pending',
    {
      onRequest: [requirePermission(Permission.ViewSupportTickets)],
      schema: {
        tags,
        summary: 'Open tickets and contact items, oldest first (staff who may read tickets); filter kind',
        querystring: PendingTicketQuerySchema,
        response: { 200: StaffTicketPageSchema, ...problems },
      },
    },
    (request) => support.listPending(request.query),
  );

  app.get(
    '/v1/support-tickets/:id',
    {
      onRequest: [requirePermission(Permission.ViewSupportTickets)],
      schema: {
        tags,
        summary: 'One ticket or contact item with its thread (staff who may read tickets)',
        params: TicketParamsSchema,
        response: { 200: StaffTicketSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => support.getForStaff(request.params.id),
  );

  app.post(
    '/v1/support-tickets/:id/replies',
    {
      onRequest: [requirePermission(Permission.ManageSupportTickets)],
      schema: {
        tags,
        summary: 'Answers a ticket: the reply is mailed to its author and kept in the thread; a closed one is 409',
        params: TicketParamsSchema,
        body: CreateTicketReplySchema,
        response: { 201: StaffTicketSchema, ...problems, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await support.reply(request.params.id, userOf(request).id, request.body)),
  );

  app.post(
    '/v1/support-tickets/:id/author-replies',
    {
      onRequest: [requirePermission(Permission.ManageSupportTickets)],
      schema: {
        tags,
        summary:
          "Keeps the author's answer that reached support by e-mail, pasted by staff: in the thread as the author's, not mailed; a closed ticket opens again",
        params: TicketParamsSchema,
        body: CreateTicketReplySchema,
        response: { 201: StaffTicketSchema, ...problems, 404: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await support.recordAuthorReply(request.params.id, userOf(request).id, request.body)),
  );

  app.patch(
    '/v1/support-tickets/:id',
    {
      onRequest: [requirePermission(Permission.ManageSupportTickets)],
      schema: {
        tags,
        summary: "Closes ('closed': it leaves the pending list) or reopens ('open') a ticket",
        params: TicketParamsSchema,
        body: UpdateTicketSchema,
        response: { 200: StaffTicketSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => support.setStatus(request.params.id, userOf(request).id, request.body.status),
  );
  done();
};
