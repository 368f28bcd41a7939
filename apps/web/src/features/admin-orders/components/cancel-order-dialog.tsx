import { useId, useState } from 'react';
import { OrderStatus } from '@bookshop/contracts/enums';
import { ChangeOrderStatusSchema, OrderMessages, type StaffOrder } from '@bookshop/contracts/orders';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';

/** What cancelling does to this order, in plain words, before anyone confirms. */
export function cancellationEffect(order: Pick<StaffOrder, 'status' | 'total'>): string {
  return order.status === OrderStatus.Completed
    ? `The customer paid ${formatPrice(order.total)}: they will be refunded in full through the payment provider, and the copies go back to stock.`
    : 'The order has not been paid: the reserved copies will be released, and nobody is charged or refunded.';
}

type CancelOrderDialogProps = { order: StaffOrder; onClose: () => void };

/** Asks for the reason (the customer sees it) and says whether money goes back before cancelling. */
export function CancelOrderDialog({ order, onClose }: CancelOrderDialogProps) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const cancel = useCancelOrder(order.id);
  const checked = ChangeOrderStatusSchema.shape.reason.safeParse(reason);
  const reasonError = touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  const failure =
    cancel.error instanceof ApiError
      ? cancel.error.status === 409
        ? (cancel.error.problem.detail ?? OrderMessages.alreadyCancelled)
        : (cancel.error.problem.errors?.reason?.[0] ?? cancel.error.problem.detail ?? cancel.error.problem.title)
      : cancel.error
        ? cancel.error.message
        : undefined;

  return (
    <Dialog title={`Cancel order ${order.orderNumber}?`} description={cancellationEffect(order)} onClose={onClose}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!checked.success) return;
          cancel.mutate(checked.data, {
            onSuccess: (saved) => {
              toast.success(saved.refundStatus ? OrderMessages.refunded : OrderMessages.cancelled);
              onClose();
            },
          });
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-semibold text-stone-800">
            Reason
          </label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            maxLength={500}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${reasonId}-hint${reasonError ? ` ${reasonId}-error` : ''}`}
            onChange={(event) => {
              setReason(event.target.value);
              setTouched(true);
            }}
            className="w-full rounded-md border border-stone-300 px-3 py-2 text-base aria-invalid:border-red-700"
          />
          <p id={`${reasonId}-hint`} className="text-sm text-stone-600">
            The customer sees it on their order and in the e-mail.
          </p>
          {reasonError && (
            <p id={`${reasonId}-error`} className="text-sm text-red-700">
              {reasonError}
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className="rounded-md bg-rose-50 p-3 text-sm font-semibold text-rose-900">
            {failure}
          </p>
        )}
        <DialogActions cancelLabel="Keep order" onCancel={onClose}>
          <Button type="submit" variant="danger" pending={cancel.isPending}>
            Cancel order
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
