import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCustomerTickets } from '../api/get-customer-tickets.ts';
import { NewTicketForm, type OrderChoice } from './new-ticket-form.tsx';
import { TicketReplyForm } from './ticket-reply-form.tsx';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { TicketThread } from './ticket-thread.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { SectionPager } from '../../../ui/pagination.tsx';

export const TICKETS_PAGE_SIZE = 5;

type SupportSectionProps = {
  /** The customer's orders a new ticket may be about (from the orders feature); undefined while loading. */
  orderChoices: readonly OrderChoice[] | undefined;
};

/** The customer's support tickets on /account#support, newest first, with the replies; and a new one. */
export function SupportSection({ orderChoices }: SupportSectionProps) {
  const [pageNo, setPageNo] = useState(1);
  const [writing, setWriting] = useState(false);
  const tickets = useCustomerTickets({ pageNo, pageSize: TICKETS_PAGE_SIZE });
  const details = tickets.data?.paginationDetails;

  return (
    <section id="support" aria-labelledby="support-title" className="grid scroll-mt-20 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="support-title" className="text-xl font-bold text-stone-900">
          Support
        </h2>
        {!writing && (
          <Button size="sm" onClick={() => setWriting(true)}>
            New Ticket
          </Button>
        )}
      </div>

      {writing && (
        <NewTicketForm
          orderChoices={orderChoices}
          onDone={() => {
            setWriting(false);
            setPageNo(1);
          }}
        />
      )}

      {tickets.isPending ? (
        <Spinner label="Loading your tickets" />
      ) : tickets.isError ? (
        <LoadError onRetry={() => tickets.refetch()} />
      ) : tickets.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          You have no support tickets. Questions about an order or a book? Open a ticket and we will answer here and by
          e-mail.
        </p>
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={tickets.isPlaceholderData || undefined}>
            {tickets.data.data.map((ticket) => (
              <li key={ticket.id}>
                <details className="group rounded-lg border border-stone-200 bg-white">
                  <summary className="grid cursor-pointer list-none gap-1 p-4 [&::-webkit-details-marker]:hidden">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold break-words text-stone-900">{ticket.subject}</span>
                      <TicketStatusBadge status={ticket.status} />
                    </span>
                    <span className="text-sm text-stone-700">
                      {ticket.ticketNumber}
                      {ticket.orderNumber && ` · Order ${ticket.orderNumber}`}
                      {' · '}
                      <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
                      {' · '}
                      {ticket.replies.length === 1 ? '1 reply' : `${ticket.replies.length} replies`}
                    </span>
                  </summary>
                  <div className="grid gap-4 border-t border-stone-200 p-4">
                    <TicketThread
                      first={{ authorName: 'You', message: ticket.message, createdAt: ticket.createdAt }}
                      replies={ticket.replies}
                    />
                    <TicketReplyForm ticket={ticket} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          {details && (
            <SectionPager
              label="Support ticket pages"
              noun="tickets"
              details={details}
              onPageChange={setPageNo}
              busy={tickets.isFetching}
            />
          )}
        </>
      )}
    </section>
  );
}
