import { Link } from 'react-router';
import { z } from 'zod';
import { PendingTicketQuerySchema, TICKET_KINDS, type TicketKind } from '@bookshop/contracts/support';
import { formatDateTime } from '../../../lib/format.ts';
import { SelectField } from '../../../ui/form-fields.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { usePendingTickets } from '../api/get-pending-tickets.ts';
import { adminTicketPath } from '../lib/staff-ticket-paths.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { pickerPageSize, useUrlState } from '../../../lib/use-url-state.ts';

export const KIND_LABELS: Record<TicketKind, string> = { ticket: 'Customer ticket', contact: 'Contact form' };
const FILTER_LABELS: Record<TicketKind, string> = { ticket: 'Customer tickets only', contact: 'Contact messages only' };

const isKind = (value: string | null): value is TicketKind =>
  value !== null && (TICKET_KINDS as readonly string[]).includes(value);

/** Kind, page and page size live in the URL (the page sizes are the picker's). */
const UrlQuerySchema = z.object({ ...PendingTicketQuerySchema.shape, pageSize: pickerPageSize });

/** /admin/dashboard/support (support-tickets:view): open tickets and contact messages, oldest first. */
export function AdminSupportPage() {
  useDocumentTitle('Support');
  const [query, setQuery] = useUrlState(UrlQuerySchema);
  const tickets = usePendingTickets(query);
  const details = tickets.data?.paginationDetails;

  return (
    <section aria-labelledby="support-title" className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 id="support-title" className="text-3xl font-bold text-stone-900">
            Support
          </h1>
          <p className="text-stone-700">Open tickets and contact messages, the longest waiting first.</p>
        </div>
        <SelectField
          label="Show"
          value={query.kind ?? ''}
          onChange={(event) =>
            setQuery({ kind: isKind(event.target.value) ? event.target.value : undefined, pageNo: 1 })
          }
        >
          <option value="">Tickets and contact messages</option>
          {TICKET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {FILTER_LABELS[kind]}
            </option>
          ))}
        </SelectField>
      </header>

      {tickets.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading tickets" className="size-8" />
        </div>
      ) : tickets.isError ? (
        <LoadError placement="table" onRetry={() => tickets.refetch()} />
      ) : tickets.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white py-10 text-center text-stone-800">
          Nothing is waiting for an answer.
        </p>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-stone-200 bg-white"
          aria-busy={tickets.isPlaceholderData || undefined}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Open tickets, oldest first</caption>
            <thead className="bg-stone-100 text-stone-800">
              <tr>
                {['Ticket', 'Received', 'From', 'Subject', 'Replies'].map((column) => (
                  <th key={column} scope="col" className="px-4 py-3">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {tickets.data.data.map((ticket) => (
                <tr key={ticket.id}>
                  <td className="px-4 py-3 font-semibold whitespace-nowrap">
                    <Link to={adminTicketPath(ticket.id)} className="text-brand underline-offset-2 hover:underline">
                      {ticket.ticketNumber}
                    </Link>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <span className="block font-semibold break-words text-stone-900">{ticket.name}</span>
                    <span className="block break-all text-stone-700">{ticket.emailAddress}</span>
                    <span className="block text-xs text-stone-600">{KIND_LABELS[ticket.kind]}</span>
                  </td>
                  <td className="max-w-xs px-4 py-3 break-words">{ticket.subject}</td>
                  <td className="px-4 py-3 tabular-nums">
                    {ticket.replyCount === 0 ? (
                      <span className="font-semibold text-amber-900">Not answered</span>
                    ) : (
                      ticket.replyCount
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {details && (
        <PagingBar label="Tickets per page" details={details} pageSize={query.pageSize} onChange={setQuery} />
      )}
    </section>
  );
}
