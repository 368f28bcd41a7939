import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { OrderStatus } from '@bookshop/contracts/enums';
import { z } from 'zod';
import { FULFILMENT_STATUS_NAMES, FULFILMENT_STATUSES, type FulfilmentStatus } from '@bookshop/contracts/fulfilment';
import {
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  OrderExportQuerySchema,
  StaffOrderQuerySchema,
  type OrderExportQuery,
  type StaffOrder,
  type StaffOrderQuery,
} from '@bookshop/contracts/orders';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDownloadOrdersCsv } from '../api/download-orders-csv.ts';
import { useStaffOrders } from '../api/get-staff-orders.ts';
import { useToShipCount } from '../api/get-to-ship-count.ts';
import { FulfilmentBadge } from '../../orders/components/fulfilment-badge.tsx';
import { OrderStatusBadge } from '../../orders/components/order-status-badge.tsx';
import { TestModeBadge } from '../../orders/components/test-mode-badge.tsx';
import { adminOrderPath } from '../lib/staff-order-paths.ts';
import { ListPage } from '../../../ui/list-page.tsx';
import { DataTable, InRow, MINOR_CELL, type DataColumn } from '../../../ui/data-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyNote, QueryState } from '../../../ui/query-state.tsx';
import { pickerPageSize, useUrlState } from '../../../lib/use-url-state.ts';

/** Filters, page and page size live in the URL (the page sizes are the picker's). */
const UrlQuerySchema = z.object({ ...StaffOrderQuerySchema.shape, pageSize: pickerPageSize });

// Narrow, the time an order was placed shows under its number and the count of books by its total.
const COLUMNS: DataColumn[] = [
  'Order',
  { key: 'Placed', label: 'Placed', minor: true },
  'Customer',
  'Status',
  { key: 'Books', label: 'Books', minor: true },
  'Total',
];

const bookCount = (order: StaffOrder) => order.items.reduce((sum, item) => sum + item.quantity, 0);

const filtersOf = ({ status, fulfilmentStatus, from, to, customer }: StaffOrderQuery): OrderExportQuery => ({
  status,
  fulfilmentStatus,
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
  const toShip = useToShipCount();
  const details = orders.data?.paginationDetails;

  return (
    <ListPage
      id="orders"
      title="Orders"
      intro="Every order, newest first."
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {toShip.data && (
            // Paid orders with copies still to leave the shop: the day's packing list.
            <p className="rounded-full bg-indigo-100 px-3 py-1 text-sm font-bold text-indigo-950">
              To ship: <span className="tabular-nums">{toShip.data.toShip}</span>
            </p>
          )}
          <Button variant="secondary" pending={download.isPending} onClick={() => download.mutate(filtersOf(query))}>
            Download CSV
          </Button>
        </div>
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
          <DataTable caption="Orders, newest first" columns={COLUMNS} busy={orders.isPlaceholderData || undefined}>
            {page.data.map((order) => (
              <tr key={order.id}>
                <td className="px-4 py-3 font-semibold whitespace-nowrap">
                  <Link to={adminOrderPath(order.id)} className="text-brand underline-offset-2 hover:underline">
                    {order.orderNumber}
                  </Link>
                  <InRow label="Placed">
                    <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                  </InRow>
                </td>
                <td className={`px-4 py-3 whitespace-nowrap ${MINOR_CELL}`}>
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </td>
                <td className="px-4 py-3">
                  <span className="block font-semibold text-stone-900">{order.customerUserName}</span>
                  <EmailAddress value={order.customerEmail} className="block text-stone-700" />
                </td>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap gap-1.5">
                    <OrderStatusBadge order={order} />
                    <FulfilmentBadge order={order} />
                    <TestModeBadge order={order} />
                  </span>
                </td>
                <td className={`px-4 py-3 tabular-nums ${MINOR_CELL}`}>{bookCount(order)}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  <span className="font-semibold">{formatPrice(order.total)}</span>
                  <InRow label="Books">{bookCount(order)}</InRow>
                </td>
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
  const fulfilmentId = useId();
  const [status, setStatus] = useState(filters.status ? String(filters.status) : '');
  const [fulfilmentStatus, setFulfilmentStatus] = useState(filters.fulfilmentStatus ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [customer, setCustomer] = useState(filters.customer ?? '');
  const candidate = {
    status: status ? Number(status) : undefined,
    fulfilmentStatus: (fulfilmentStatus || undefined) as FulfilmentStatus | undefined,
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
      className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,12rem),1fr))] items-start gap-4 rounded-xl border border-stone-200 bg-white p-4"
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
      <div className="grid gap-1.5">
        <label htmlFor={fulfilmentId} className="text-sm font-semibold text-stone-800">
          Fulfilment
        </label>
        <select
          id={fulfilmentId}
          value={fulfilmentStatus}
          onChange={(event) => setFulfilmentStatus(event.target.value)}
          className="min-h-11 rounded-md border border-stone-300 bg-white px-3"
        >
          <option value="">Any fulfilment</option>
          {FULFILMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {FULFILMENT_STATUS_NAMES[value]}
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
      <div className="flex flex-wrap gap-2 sm:pt-7">
        <Button type="submit" disabled={!checked.success}>
          Apply
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStatus('');
            setFulfilmentStatus('');
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
