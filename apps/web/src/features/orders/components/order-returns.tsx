import { useState, type FormEvent } from 'react';
import type { Order } from '@bookshop/contracts/orders';
import { RETURN_REASON_MAX, RETURN_REASON_MIN, RETURN_WINDOW_DAYS } from '@bookshop/contracts/returns';
import { ApiError } from '../../../lib/api-client.ts';
import type { MessageId } from '../../../lib/i18n/i18n.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/form-fields.tsx';
import { useRequestReturn } from '../api/request-return.ts';
import { useOrderWords } from '../lib/order-words.tsx';
import { orderCard } from './order-details.tsx';

const DAY_MS = 86_400_000;

/** What became of a received return's money, after its amount. */
const REFUND_NOTES: Record<string, MessageId> = {
  refunded: 'orders.returns.refunded',
  pending: 'orders.returns.pending',
  owed: 'orders.returns.owed',
  paid: 'orders.returns.paid',
};

/** Copies of each book that arrived and are not in a return that still stands, by book id. */
function returnable(order: Pick<Order, 'shipments' | 'returns'>): Map<number, number> {
  const left = new Map<number, number>();
  for (const shipment of order.shipments.filter((s) => s.status === 'delivered'))
    for (const line of shipment.lines) left.set(line.bookId, (left.get(line.bookId) ?? 0) + line.quantity);
  for (const ret of order.returns.filter((r) => r.status !== 'rejected'))
    for (const line of ret.lines) left.set(line.bookId, (left.get(line.bookId) ?? 0) - line.quantity);
  return left;
}

/** When the window closes: RETURN_WINDOW_DAYS after the last parcel arrived; null before any did. */
function windowEnd(order: Pick<Order, 'shipments'>): number | null {
  const delivered = order.shipments.flatMap((s) => (s.deliveredAt ? [Date.parse(s.deliveredAt)] : []));
  return delivered.length === 0 ? null : Math.max(...delivered) + RETURN_WINDOW_DAYS * DAY_MS;
}

/**
 * The customer's returns on their order page (decision 080): each return with its status and
 * refund, and a 'Return books' form while delivered copies may still be sent back.
 */
export function OrderReturns({ order }: { order: Order }) {
  const { t, name, title, rich, price, dateTime } = useOrderWords();
  const end = windowEnd(order);
  const left = returnable(order);
  // Return lines carry the English title; the order's own line has the Arabic one too.
  const items = new Map(order.items.map((item) => [item.bookId, item]));
  const open = end !== null && Date.now() <= end && [...left.values()].some((n) => n > 0);
  if (order.returns.length === 0 && !open) return null;
  return (
    <section aria-labelledby="order-returns-title" className={orderCard}>
      <h2 id="order-returns-title" className="text-lg font-bold text-stone-900">
        {t('orders.returns.title')}
      </h2>
      {order.returns.length > 0 && (
        <ul className="grid gap-3">
          {order.returns.map((ret) => (
            <li key={ret.id} className="grid gap-1 border-t border-stone-200 pt-3 text-sm first:border-t-0 first:pt-0">
              <h3 className="font-semibold text-stone-900">{name(ret.statusName)}</h3>
              <p className="text-stone-700">
                {rich('orders.returns.asked', 'date', <time dateTime={ret.createdAt}>{dateTime(ret.createdAt)}</time>)}
              </p>
              <ul className="text-stone-800">
                {ret.lines.map((line) => (
                  <li key={line.bookId}>
                    {t('orders.line', { quantity: line.quantity, title: title(items.get(line.bookId) ?? line) })}
                  </li>
                ))}
              </ul>
              <p className="text-stone-800">
                {t('orders.returns.refund', { amount: price(ret.refundAmount) })}
                {ret.refundStatus && REFUND_NOTES[ret.refundStatus] && t(REFUND_NOTES[ret.refundStatus]!)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {open && <ReturnForm order={order} left={left} end={end} />}
    </section>
  );
}

function ReturnForm({ order, left, end }: { order: Order; left: Map<number, number>; end: number }) {
  const request = useRequestReturn();
  const { t, title, rich, dateTime } = useOrderWords();
  const books = order.items.filter((item) => (left.get(item.bookId) ?? 0) > 0);
  const [copies, setCopies] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const lines = books
      .map((item) => ({ bookId: item.bookId, quantity: copies[item.bookId] ?? 0 }))
      .filter((line) => line.quantity > 0);
    const trimmed = reason.trim();
    const tooShort = trimmed.length < RETURN_REASON_MIN || trimmed.length > RETURN_REASON_MAX;
    setReasonError(
      tooShort ? t('orders.returns.reasonLength', { min: RETURN_REASON_MIN, max: RETURN_REASON_MAX }) : undefined,
    );
    setError(lines.length === 0 ? t('orders.returns.noBooks') : null);
    if (tooShort || lines.length === 0) return;
    request.mutate(
      { orderId: order.id, lines, reason: trimmed },
      {
        onSuccess: () => {
          setCopies({});
          setReason('');
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : t('orders.returns.failed')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-stone-200 pt-3">
      <h3 className="font-semibold text-stone-900">{t('orders.returns.form')}</h3>
      <p className="text-sm text-stone-700">
        {rich(
          'orders.returns.until',
          'date',
          <time dateTime={new Date(end).toISOString()}>{dateTime(new Date(end).toISOString())}</time>,
        )}
      </p>
      {books.map((item) => {
        const id = `return-copies-${item.bookId}`;
        return (
          <div key={item.bookId} className="flex items-center justify-between gap-3 text-sm">
            <label htmlFor={id} className="text-stone-800">
              {t('orders.returns.copies', { title: title(item) })}
            </label>
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={left.get(item.bookId)}
              value={copies[item.bookId] ?? 0}
              onChange={(e) =>
                setCopies({
                  ...copies,
                  [item.bookId]: Math.max(
                    0,
                    Math.min(left.get(item.bookId) ?? 0, Math.trunc(Number(e.target.value)) || 0),
                  ),
                })
              }
              className="w-20 rounded border border-stone-300 px-2 py-1"
            />
          </div>
        );
      })}
      <TextAreaField
        label={t('orders.returns.reason')}
        rows={3}
        maxLength={RETURN_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={reasonError}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={request.isPending}>
        {t('orders.returns.submit')}
      </Button>
    </form>
  );
}
