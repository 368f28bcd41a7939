import { useId, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@bookshop/contracts/constants';
import { orderNumber } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import {
  CreateStockMovementSchema,
  StockMessages,
  type CreateStockMovement,
  type CreateStockMovementInput,
  type StockMovement,
} from '@bookshop/contracts/stock';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSchemaForm } from '../../../../lib/use-schema-form.ts';
import { Button } from '../../../../ui/button.tsx';
import { DataTable, InRow, MINOR_CELL } from '../../../../ui/data-table.tsx';
import { Dialog, DialogActions } from '../../../../ui/dialog.tsx';
import { TextField } from '../../../../ui/form-fields.tsx';
import { Pagination } from '../../../../ui/pagination.tsx';
import { EmptyLine, QueryState } from '../../../../ui/query-state.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { useAddStockMovement } from '../api/add-stock-movement.ts';
import { useStockMovements } from '../api/get-stock-movements.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;
const COLUMNS = ['When', 'Why', 'Change', 'Stock after', { key: 'details', label: 'Details', minor: true }] as const;

/**
 * The update page's stock section (decision 077): the copies for sale now, a 'Receive copies'
 * form that asks before it adds them, and the book's ledger, newest first, a page at a time.
 */
export function StockLedger({
  bookId,
  title,
  onReceived,
}: {
  bookId: number;
  title: string;
  /** Told the stock after copies were received here. */
  onReceived?: (stock: number) => void;
}) {
  const headingId = useId();
  const [pageNo, setPageNo] = useState(1);
  const movements = useStockMovements(bookId, { pageNo, pageSize: PAGE_SIZE });
  // The newest movement's figure is the stock now; on a later page, keep the last one seen.
  const [latest, setLatest] = useState<number | null>(null);
  const newest = pageNo === 1 ? movements.data?.data[0]?.stockAfter : undefined;
  if (newest !== undefined && newest !== latest) setLatest(newest);

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-bold text-stone-900">
          Stock
        </h2>
        {latest !== null && (
          <p className="text-stone-800">
            Copies for sale now: <strong>{latest}</strong>
          </p>
        )}
      </div>
      <ReceiveCopiesForm
        bookId={bookId}
        title={title}
        stockNow={latest}
        onReceived={(stock) => {
          setPageNo(1);
          onReceived?.(stock);
        }}
      />
      <h3 className="text-lg font-semibold text-stone-900">Stock ledger</h3>
      <QueryState
        query={movements}
        loadingLabel="Loading the stock ledger"
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyLine>No stock movements yet.</EmptyLine>}
      >
        {(page) => (
          <div className="grid gap-3">
            <DataTable
              caption={`Stock movements of ${title}, newest first`}
              columns={COLUMNS}
              busy={movements.isPlaceholderData}
            >
              {page.data.map((movement) => (
                <MovementRow key={movement.id} movement={movement} />
              ))}
            </DataTable>
            <Pagination
              currentPage={page.paginationDetails.currentPage}
              totalPages={page.paginationDetails.totalPages}
              onPageChange={setPageNo}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}

function MovementRow({ movement }: { movement: StockMovement }) {
  const details = <MovementDetails movement={movement} />;
  return (
    <tr>
      <td className="px-4 py-3 whitespace-nowrap">
        {formatDateTime(movement.createdAt)}
        <InRow>{details}</InRow>
      </td>
      <td className="px-4 py-3">{movement.reasonName}</td>
      <td className={`px-4 py-3 font-semibold ${movement.delta < 0 ? 'text-red-700' : 'text-green-800'}`}>
        {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
      </td>
      <td className="px-4 py-3">{movement.stockAfter}</td>
      <td className={`px-4 py-3 ${MINOR_CELL}`}>{details}</td>
    </tr>
  );
}

function MovementDetails({ movement }: { movement: StockMovement }) {
  const parts = [
    movement.orderId !== null && (
      <Link
        key="order"
        to={generatePath(Routes.adminOrder, { id: String(movement.orderId) })}
        className="text-brand underline-offset-2 hover:underline"
      >
        {orderNumber(movement.orderId)}
      </Link>
    ),
    movement.staffId !== null && <span key="staff">by {movement.staffUserName ?? `staff #${movement.staffId}`}</span>,
    movement.note && <span key="note">{movement.note}</span>,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="inline-flex flex-wrap gap-x-2">{parts}</span>;
}

const EMPTY_RECEIPT: CreateStockMovementInput = { delta: '', reason: 'received', note: '' };

/** 'Receive copies': how many arrived and an optional note; a dialog asks before the stock moves. */
function ReceiveCopiesForm({
  bookId,
  title,
  stockNow,
  onReceived,
}: {
  bookId: number;
  title: string;
  stockNow: number | null;
  onReceived: (stock: number) => void;
}) {
  const form = useSchemaForm(CreateStockMovementSchema, EMPTY_RECEIPT);
  const add = useAddStockMovement(bookId);
  const [asking, setAsking] = useState<CreateStockMovement | null>(null);
  const [refusal, setRefusal] = useState<string>();

  const receive = async (movement: CreateStockMovement) => {
    setRefusal(undefined);
    try {
      const made = await add.mutateAsync(movement);
      toast.success(`${StockMessages.recorded} ${title} now has ${made.stockAfter} for sale.`);
      form.reset(EMPTY_RECEIPT);
      onReceived(made.stockAfter);
    } catch (error) {
      form.showServerErrors(error, ['delta', 'note']);
      if (error instanceof ApiError && !error.problem.errors) setRefusal(error.problem.detail);
      else if (!(error instanceof ApiError)) setRefusal('The copies could not be recorded. Please try again.');
    }
  };

  return (
    <form
      noValidate
      aria-label="Receive copies"
      onSubmit={(event) => void form.handleSubmit((movement) => setAsking(movement))(event)}
      className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
    >
      <TextField label="Copies received" inputMode="numeric" autoComplete="off" {...form.field('delta')} />
      <TextField
        label="Note (optional)"
        hint="The supplier or delivery note, for example."
        autoComplete="off"
        {...form.field('note')}
      />
      <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
        Receive copies
      </Button>
      {refusal && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {refusal}
        </p>
      )}
      {asking && (
        <Dialog
          title="Receive copies?"
          description={
            stockNow === null
              ? `Add ${asking.delta} ${asking.delta === 1 ? 'copy' : 'copies'} of "${title}" to its stock.`
              : `Add ${asking.delta} ${asking.delta === 1 ? 'copy' : 'copies'} of "${title}": its stock goes from ${stockNow} to ${stockNow + asking.delta}.`
          }
          onClose={() => setAsking(null)}
          widthClass="max-w-md"
        >
          <DialogActions cancelLabel="Go back" onCancel={() => setAsking(null)}>
            <Button
              onClick={() => {
                const movement = asking;
                setAsking(null);
                void receive(movement);
              }}
            >
              Receive {asking.delta} {asking.delta === 1 ? 'copy' : 'copies'}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </form>
  );
}
