import type { Page } from '@bookshop/contracts/pagination';
import {
  CustomerTicketSchema,
  StaffTicketSchema,
  StaffTicketSummarySchema,
  TicketReplySchema,
  ticketNumber,
  type CustomerTicket,
  type StaffTicket,
  type StaffTicketSummary,
  type TicketReply,
} from '@bookshop/contracts/support';

/* Fixtures built by factories and parsed by the contract schemas, so a fake cannot drift from the API. */

export const makeCustomerTicket = (overrides: Partial<CustomerTicket> & { id: number }): CustomerTicket =>
  CustomerTicketSchema.parse({
    ticketNumber: ticketNumber(overrides.id),
    subject: 'Where is my parcel?',
    message: 'It has not arrived yet.',
    status: 'open',
    orderId: null,
    orderNumber: null,
    createdAt: '2026-11-20T08:30:00.000Z',
    replies: [],
    ...overrides,
  });

export const makeStaffTicket = (overrides: Partial<StaffTicket> & { id: number }): StaffTicket =>
  StaffTicketSchema.parse({
    ...makeCustomerTicket({ id: overrides.id }),
    kind: 'contact',
    name: 'Layla Haddad',
    emailAddress: 'layla@example.com',
    customerId: null,
    closedAt: null,
    ...overrides,
  });

export const makeTicketSummary = (overrides: Partial<StaffTicketSummary> & { id: number }): StaffTicketSummary => {
  const { replies: _replies, ...ticket } = makeStaffTicket({ id: overrides.id });
  return StaffTicketSummarySchema.parse({
    ...ticket,
    replyCount: 0,
    lastReplyAt: null,
    awaitingAnswer: true,
    ...overrides,
  });
};

export const makeReply = (overrides: Partial<TicketReply> & { id: number }): TicketReply =>
  TicketReplySchema.parse({
    message: 'A new copy is on its way.',
    createdAt: '2026-11-21T09:00:00.000Z',
    authorName: 'Bookshop Support',
    fromCustomer: false,
    ...overrides,
  });

export const pageOf = <T>(data: T[], pageSize = 10): Page<T> => ({
  data,
  paginationDetails: { currentPage: 1, totalPages: data.length ? 1 : 0, noOfRecords: data.length, pageSize },
});
