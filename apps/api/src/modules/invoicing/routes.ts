import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PersonType } from '@bookshop/contracts/enums';
import {
  CreditNoteParamsSchema,
  OrderMessages,
  OrderParamsSchema,
  TaxDocumentMessages,
} from '@bookshop/contracts/orders';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { requireCustomerOrPermission, userOf } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Invoicing } from './service.ts';

const tags = ['orders'];
const response = {
  200: z.string().describe('application/pdf'),
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
};

/**
 * The tax documents of an order as PDF files (decision 085): for the order's customer and for
 * staff who may view orders. Another customer's order, and an order without such a document
 * yet, are 404 alike.
 */
export const invoicingRoutes: FastifyPluginCallbackZod<{
  invoicing: Pick<Invoicing, 'documentPdf'>;
  /** Who placed the order; undefined when there is no such order. */
  customerOf: (orderId: number) => Promise<number | undefined>;
}> = (app, { invoicing, customerOf }, done) => {
  const onRequest = [requireCustomerOrPermission(Permission.ViewOrders)];

  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    orderId: number,
    which: Parameters<Invoicing['documentPdf']>[1],
  ) {
    const user = userOf(request);
    const customerId = await customerOf(orderId);
    if (customerId === undefined || (user.personType === PersonType.Customer && customerId !== user.id))
      throw notFound(OrderMessages.notFound);
    const file = await invoicing.documentPdf(orderId, which);
    if (!file)
      throw notFound(which.type === 'invoice' ? TaxDocumentMessages.noInvoice : TaxDocumentMessages.noCreditNote);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  }

  app.get(
    '/v1/orders/:id/invoice',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The order's tax invoice (PDF), issued when it was paid. Its customer or staff who may view orders; another customer's order, or one not paid yet, 404",
        params: OrderParamsSchema,
        produces: ['application/pdf'],
        response,
      },
    },
    (request, reply) => sendDocument(request, reply, request.params.id, { type: 'invoice' }),
  );

  app.get(
    '/v1/orders/:id/credit-notes/:number',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "One of the order's tax credit notes (PDF), issued when money went back. Its customer or staff who may view orders; anyone else 404",
        params: CreditNoteParamsSchema,
        produces: ['application/pdf'],
        response,
      },
    },
    (request, reply) =>
      sendDocument(request, reply, request.params.id, { type: 'credit-note', number: request.params.number }),
  );
  done();
};
