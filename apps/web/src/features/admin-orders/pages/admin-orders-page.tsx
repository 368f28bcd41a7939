import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { OrderStatus } from '@bookshop/contracts/enums';
import { z } from 'zod';
import {
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  OrderExportQuerySchema,
  StaffOrderQuerySchema,
  type OrderExportQuery,
  type StaffOrderQuery,
} from '@bookshop/contracts/orders';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDownloadOrdersCsv } from '../api/download-orders-csv.ts';
import { useStaffOrders } from '../api/get-staff-orders.ts';
import { OrderStatusBadge } from '../../orders/components/order-status-badge.tsx';
import { TestModeBadge } from '../../orders/components/test-mode-badge.tsx';
import { adminOrderPath } from '../lib/staff-order-paths.ts';
import { ListPage } from '../../../ui/list-page.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { EmptyNote, QueryState } from '../../../ui/query-state.tsx';
import { pickerPageSize, useUrlState } from '../../../lib/use-url-state.ts';

/** Filters, page and page size live in the URL (the page sizes are the picker's). */
const UrlQuerySchema = z.object({ ...StaffOrderQuerySchema.shape, pageSize: pickerPageSize });

const filtersOf = ({ status, from, to, customer }: StaffOrderQuery): OrderExportQuery => ({
  status,
  from,
  to,
  customer,
});

/** /admin/dashboard/orders (orders:view): every order, newest first, with filters and a CSV export. */
export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [query, setQuery] = useUrlState(UrlQuerySchema);
  const orders = useStaffOrders(query);
  const download = useDownloadOrdersCsv();
  const details = orders.data?.paginationDetails;

  return (
    <ListPage
      id="orders"
      title="Orders"
      intro="Every order, newest first."
      actions={
        <Button variant="secondary" pending={download.isPending} onClick={() => download.mutate(filtersOf(query))}>
          Download CSV
        </Button>
      }
    >
      <OrderFilters
        // A new URL (back button, shared link) starts the form again from it.
        key={JSON.stringify(filtersOf(query))}
        filters={filtersOf(query)}
        onApply={(filters) => setQuery({ ...filters, pageNo: 1 })}
      />

      <QueryState
        query={orders}
        loadingLabel="Loading orders"
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyNote>No orders match these filters.</EmptyNote>}
      >
        {(page) => (
          <DataTable
            caption="Orders, newest first"
            columns={['Order', 'Placed', 'Customer', 'Status', 'Books', 'Total']}
            busy={orders.isPlaceholderData || undefined}
          >
            {page.data.map((order) => (
              <tr key={order.id}>
                <td className="px-4 py-3 font-semibold whitespace-nowrap">
                  <Link to={adminOrderPath(order.id)} className="text-brand underline-offset-2 hover:underline">
                    {order.orderNumber}
                  </Link>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </td>
                <td className="px-4 py-3">
                  <span className="block font-semibold text-stone-900">{order.customerUserName}</span>
                  <span className="block break-all text-stone-700">{order.customerEmail}</span>
                </td>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap gap-1.5">
                    <OrderStatusBadge order={order} />
                    <TestModeBadge order={order} />
                  </span>
                </td>
                <td className="px-4 py-3 tabular-nums">{order.items.reduce((sum, item) => sum + item.quantity, 0)}</td>
                <td className="px-4 py-3 font-semibold whitespace-nowrap tabular-nums">{formatPrice(order.total)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>

      {details && <PagingBar label="Orders per page" details={details} pageSize={query.pageSize} onChange={setQuery} />}
    </ListPage>
  );
}

type OrderFiltersProps = { filters: OrderExportQuery; onApply: (filters: OrderExportQuery) => void };

/** Applied together on submit, so typing a customer's name does not send a request per key. */
function OrderFilters({ filters, onApply }: OrderFiltersProps) {
  const statusId = useId();
  const [status, setStatus] = useState(filters.status ? String(filters.status) : '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [customer, setCustomer] = useState(filters.customer ?? '');
  const candidate = {
    status: status ? Number(status) : undefined,
    from: from || undefined,
    to: to || undefined,
    customer: customer.trim() || undefined,
  };
  const checked = OrderExportQuerySchema.safeParse(candidate);
  const errorOf = (field: keyof OrderExportQuery) =>
    checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.success) onApply({ ...candidate, status: candidate.status as OrderStatus | undefined });
  };

  return (
    <form
      role="search"
      aria-label="Filter orders"
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-start"
    >
      <div className="grid gap-1.5">
        <label htmlFor={statusId} className="text-sm font-semibold text-stone-800">
          Status
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          className="min-h-11 rounded-md border border-stone-300 bg-white px-3"
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_NAMES[value]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="From"
        type="date"
        value={from}
        error={errorOf('from')}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField label="To" type="date" value={to} error={errorOf('to')} onChange={(e) => setTo(e.target.value)} />
      <TextField
        label="Customer"
        type="search"
        hint="Name, user name or e-mail"
        value={customer}
        error={errorOf('customer')}
        onChange={(e) => setCustomer(e.target.value)}
      />
      <div className="flex gap-2 lg:pt-7">
        <Button type="submit" disabled={!checked.success}>
          Apply
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStatus('');
            setFrom('');
            setTo('');
            setCustomer('');
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
