import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatPrice } from '@bookshop/contracts/money';
import { PageQuerySchema } from '@bookshop/contracts/pagination';
import { RETURN_STATUS_NAMES, RETURN_STATUSES, type StaffReturn } from '@bookshop/contracts/returns';
import { Routes } from '@bookshop/contracts/routes';
import { formatDateTime } from '../../../lib/format.ts';
import { pickerPageSize, useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { PagingBar } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useStaffReturns, useUpdateReturn } from '../api/returns.ts';

type Pending = { ret: StaffReturn; status: 'rejected' | 'received' };

/**
 * Status, page and page size live in the URL. Requests waiting for an answer are what staff open
 * the page for, so they are the default; 'all' is the URL's word for no status filter.
 */
const UrlQuerySchema = z.object({
  status: z.enum([...RETURN_STATUSES, 'all']).default('requested'),
  pageNo: PageQuerySchema.shape.pageNo,
  pageSize: pickerPageSize,
});

/** /admin/dashboard/returns (orders:manage): requests oldest first; approve, reject or receive each. */
export function AdminReturnsPage() {
  useDocumentTitle('Returns');
  const [{ status, pageNo, pageSize }, setQuery] = useUrlState(UrlQuerySchema);
  const returns = useStaffReturns({ ...(status !== 'all' && { status }), pageNo, pageSize });
  const details = returns.data?.paginationDetails;
  const update = useUpdateReturn();
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [confirming, setConfirming] = useState<Pending | null>(null);

  function act(ret: StaffReturn, next: 'approved' | 'rejected' | 'received') {
    update.mutate(
      { id: ret.id, status: next, ...(next === 'received' && { restock: restock[ret.id] ?? false }) },
      {
        onSuccess: (done) => toast.success(`${done.orderNumber}: ${done.statusName.toLowerCase()}`),
        onError: (error) => toast.error('The return was not changed', error.message),
      },
    );
  }

  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">Returns</h1>
      <div className="grid max-w-xs gap-1.5">
        <label htmlFor="returns-status" className="text-sm font-semibold text-stone-800">
          Status
        </label>
        <select
          id="returns-status"
          value={status}
          onChange={(e) => setQuery({ status: e.target.value })}
          className="min-h-11 rounded border border-stone-300 px-2"
        >
          <option value="all">All</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_NAMES[s]}
            </option>
          ))}
        </select>
      </div>
      {returns.isPending ? (
        <Spinner label="Loading the returns" className="size-8" />
      ) : returns.isError ? (
        <LoadError placement="page" onRetry={() => returns.refetch()} />
      ) : returns.data.data.length === 0 ? (
        <p className="text-stone-700">No returns.</p>
      ) : (
        <ul className="grid gap-4">
          {returns.data.data.map((ret) => (
            <li
              key={ret.id}
              aria-labelledby={`return-${ret.id}-title`}
              className="grid gap-2 rounded-lg border border-stone-200 bg-white p-4 text-sm"
            >
              <h2 id={`return-${ret.id}-title`} className="font-semibold text-stone-900">
                <Link to={Routes.adminOrder.replace(':id', String(ret.orderId))} className="text-brand hover:underline">
                  {ret.orderNumber}
                </Link>{' '}
                · {ret.statusName}
              </h2>
              <p className="text-stone-700">
                {ret.customerEmail} · asked <time dateTime={ret.createdAt}>{formatDateTime(ret.createdAt)}</time>
              </p>
              <ul>
                {ret.lines.map((line) => (
                  <li key={line.bookId}>
                    {line.quantity} × {line.title}
                  </li>
                ))}
              </ul>
              <p className="text-stone-800">“{ret.reason}”</p>
              <p className="text-stone-800">
                Refund {formatPrice(ret.refundAmount)}
                {ret.refundStatus && ` · ${ret.refundStatus}`}
              </p>
              {ret.status === 'requested' && (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" pending={update.isPending} onClick={() => act(ret, 'approved')}>
                    Approve
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setConfirming({ ret, status: 'rejected' })}>
                    Reject
                  </Button>
                </div>
              )}
              {ret.status === 'approved' && (
                <div className="flex flex-wrap items-center gap-3">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={restock[ret.id] ?? false}
                      onChange={(e) => setRestock({ ...restock, [ret.id]: e.target.checked })}
                    />
                    Put the books back in stock
                  </label>
                  <Button size="sm" onClick={() => setConfirming({ ret, status: 'received' })}>
                    Receive
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {details && <PagingBar label="Returns per page" details={details} pageSize={pageSize} onChange={setQuery} />}
      {confirming && (
        <ConfirmDialog
          title={confirming.status === 'rejected' ? 'Reject this return?' : 'Receive this return?'}
          description={
            confirming.status === 'rejected'
              ? `The customer of ${confirming.ret.orderNumber} is told their return was not approved.`
              : `${formatPrice(confirming.ret.refundAmount)} is refunded to the customer of ${confirming.ret.orderNumber}${
                  restock[confirming.ret.id] ? ' and the books go back in stock' : ''
                }.`
          }
          cancelLabel="Keep it as it is"
          confirmLabel={confirming.status === 'rejected' ? 'Reject return' : 'Receive and refund'}
          onConfirm={() => act(confirming.ret, confirming.status)}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
