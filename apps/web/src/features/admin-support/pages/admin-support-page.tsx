import { Link } from 'react-router';
import { z } from 'zod';
import { PendingTicketQuerySchema, TICKET_KINDS, type TicketKind } from '@bookshop/contracts/support';
import { formatDateTime } from '../../../lib/format.ts';
import { SelectField } from '../../../ui/form-fields.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { usePendingTickets } from '../api/get-pending-tickets.ts';
import { adminTicketPath } from '../lib/staff-ticket-paths.ts';
import { ListPage } from '../../../ui/list-page.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyNote, QueryState } from '../../../ui/query-state.tsx';
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
    <ListPage
      id="support"
      title="Support"
      intro="Open tickets and contact messages, the longest waiting first."
      actions={
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
      }
    >
      <QueryState
        query={tickets}
        loadingLabel="Loading tickets"
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyNote>Nothing is waiting for an answer.</EmptyNote>}
      >
        {(page) => (
          <DataTable
            caption="Open tickets, oldest first"
            columns={['Ticket', 'Received', 'From', 'Subject', 'Replies']}
            busy={tickets.isPlaceholderData || undefined}
          >
            {page.data.map((ticket) => (
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
                  <EmailAddress value={ticket.emailAddress} className="block text-stone-700" />
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
          </DataTable>
        )}
      </QueryState>

      {details && (
        <PagingBar label="Tickets per page" details={details} pageSize={query.pageSize} onChange={setQuery} />
      )}
    </ListPage>
  );
}
