import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  StaffTicketQuerySchema,
  TICKET_KINDS,
  TICKET_SEARCH_MAX_LENGTH,
  TICKET_STATUS_FILTERS,
  type StaffTicketQuery,
  type TicketKind,
  type TicketStatusFilter,
} from '@bookshop/contracts/support';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/form-fields.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useStaffTickets } from '../api/get-staff-tickets.ts';
import { adminTicketPath } from '../lib/staff-ticket-paths.ts';
import { TicketStatusBadge } from '../../support/components/ticket-status-badge.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyNote, QueryState } from '../../../ui/query-state.tsx';
import { pickerPageSize, useUrlState } from '../../../lib/use-url-state.ts';

export const KIND_LABELS: Record<TicketKind, string> = { ticket: 'Customer ticket', contact: 'Contact form' };
const KIND_FILTER_LABELS: Record<TicketKind, string> = {
  ticket: 'Customer tickets only',
  contact: 'Contact messages only',
};
const STATUS_FILTER_LABELS: Record<TicketStatusFilter, string> = { open: 'Open', closed: 'Closed', all: 'All' };
/** The table's caption: what it holds, in which order (the API's order for each status). */
const CAPTIONS: Record<TicketStatusFilter, string> = {
  open: 'Open tickets, oldest first',
  closed: 'Closed tickets, latest activity first',
  all: 'All tickets, latest activity first',
};

/** Status, kind, search, page and page size live in the URL (the page sizes are the picker's). */
const UrlQuerySchema = z.object({ ...StaffTicketQuerySchema.shape, pageSize: pickerPageSize });

type Filters = Pick<StaffTicketQuery, 'status' | 'kind' | 'q'>;
const filtersOf = ({ status, kind, q }: StaffTicketQuery): Filters => ({ status, kind, q });

/** /admin/dashboard/support (support-tickets:view): tickets and contact messages, open ones first by default. */
export function AdminSupportPage() {
  useDocumentTitle('Support');
  const [query, setQuery] = useUrlState(UrlQuerySchema);
  const tickets = useStaffTickets(query);
  const details = tickets.data?.paginationDetails;
  const filtered = query.status !== 'open' || query.kind !== undefined || Boolean(query.q);

  return (
    <ListPage
      id="support"
      title="Support"
      intro="Tickets and contact messages; open ones with the longest waiting first."
    >
      <TicketFilters
        // A new URL (back button, shared link) starts the form again from it.
        key={JSON.stringify(filtersOf(query))}
        filters={filtersOf(query)}
        onApply={(filters) => setQuery({ ...filters, pageNo: 1 })}
      />

      <QueryState
        query={tickets}
        loadingLabel="Loading tickets"
        isEmpty={(page) => page.data.length === 0}
        empty={
          <EmptyNote>{filtered ? 'No tickets match these filters.' : 'Nothing is waiting for an answer.'}</EmptyNote>
        }
      >
        {(page) => (
          <DataTable
            caption={CAPTIONS[query.status]}
            columns={['Ticket', 'Received', 'From', 'Subject', 'Replies']}
            busy={tickets.isPlaceholderData || undefined}
          >
            {page.data.map((ticket) => (
              <tr key={ticket.id}>
                <td className="px-4 py-3 font-semibold whitespace-nowrap">
                  <Link to={adminTicketPath(ticket.id)} className="text-brand underline-offset-2 hover:underline">
                    {ticket.ticketNumber}
                  </Link>
                  {query.status === 'all' && (
                    <span className="mt-1 block">
                      <TicketStatusBadge status={ticket.status} />
                    </span>
                  )}
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
                    <>
                      {ticket.replyCount}
                      {ticket.status === 'open' && ticket.awaitingAnswer && (
                        <span className="block font-semibold text-amber-900">Customer replied</span>
                      )}
                    </>
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

type TicketFiltersProps = { filters: Filters; onApply: (filters: Filters) => void };

const isStatus = (value: string): value is TicketStatusFilter =>
  (TICKET_STATUS_FILTERS as readonly string[]).includes(value);
const isKind = (value: string): value is TicketKind => (TICKET_KINDS as readonly string[]).includes(value);

/** Applied together on submit, so typing a name does not send a request per key. */
function TicketFilters({ filters, onApply }: TicketFiltersProps) {
  const [status, setStatus] = useState<TicketStatusFilter>(filters.status);
  const [kind, setKind] = useState<TicketKind | undefined>(filters.kind);
  const [search, setSearch] = useState(filters.q ?? '');
  const checked = StaffTicketQuerySchema.shape.q.safeParse(search);
  const searchError = checked.success ? undefined : checked.error.issues[0]?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.success) onApply({ status, kind, q: checked.data || undefined });
  };

  return (
    <form
      role="search"
      aria-label="Filter tickets"
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-start"
    >
      <SelectField
        label="Status"
        value={status}
        onChange={(event) => isStatus(event.target.value) && setStatus(event.target.value)}
      >
        {TICKET_STATUS_FILTERS.map((value) => (
          <option key={value} value={value}>
            {STATUS_FILTER_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Show"
        value={kind ?? ''}
        onChange={(event) => setKind(isKind(event.target.value) ? event.target.value : undefined)}
      >
        <option value="">Tickets and contact messages</option>
        {TICKET_KINDS.map((value) => (
          <option key={value} value={value}>
            {KIND_FILTER_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Search"
        type="search"
        hint="Ticket number, name or e-mail"
        maxLength={TICKET_SEARCH_MAX_LENGTH}
        value={search}
        error={searchError}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="flex gap-2 lg:pt-7">
        <Button type="submit" disabled={!checked.success}>
          Apply
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStatus('open');
            setKind(undefined);
            setSearch('');
            onApply({ status: 'open', kind: undefined, q: undefined });
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
