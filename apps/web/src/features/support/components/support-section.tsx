import { useState } from 'react';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
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
  const t = useT();
  const format = useFormat();
  const [pageNo, setPageNo] = useState(1);
  const [writing, setWriting] = useState(false);
  const tickets = useCustomerTickets({ pageNo, pageSize: TICKETS_PAGE_SIZE });
  const details = tickets.data?.paginationDetails;

  return (
    <section id="support" aria-labelledby="support-title" className="grid scroll-mt-20 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="support-title" className="text-xl font-bold text-stone-900">
          {t('tickets.title')}
        </h2>
        {!writing && (
          <Button size="sm" onClick={() => setWriting(true)}>
            {t('tickets.newTicket')}
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
        <Spinner label={t('tickets.loading')} />
      ) : tickets.isError ? (
        <LoadError onRetry={() => tickets.refetch()} />
      ) : tickets.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          {t('tickets.empty')}
        </p>
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={tickets.isPlaceholderData || undefined}>
            {tickets.data.data.map((ticket) => (
              <li key={ticket.id}>
                <details className="group rounded-lg border border-stone-200 bg-white">
                  <summary className="grid cursor-pointer list-none gap-1 p-4 [&::-webkit-details-marker]:hidden">
                    <span className="flex flex-wrap items-center gap-2">
                      <span dir="auto" className="font-semibold break-words text-stone-900">
                        {ticket.subject}
                      </span>
                      <TicketStatusBadge status={ticket.status} />
                    </span>
                    <span className="text-sm text-stone-700">
                      {ticket.ticketNumber}
                      {ticket.orderNumber && ` · ${t('tickets.order', { orderNumber: ticket.orderNumber })}`}
                      {' · '}
                      <time dateTime={ticket.createdAt}>{format.dateTime(ticket.createdAt)}</time>
                      {' · '}
                      {t('tickets.replies', { count: ticket.replies.length })}
                    </span>
                  </summary>
                  <div className="grid gap-4 border-t border-stone-200 p-4">
                    <TicketThread
                      first={{ authorName: t('tickets.you'), message: ticket.message, createdAt: ticket.createdAt }}
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
              label={t('tickets.pages')}
              noun={t('tickets.pagesNoun')}
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
