import { useId, useState, type ReactNode } from 'react';
import {
  CreateShipmentSchema,
  SHOP_COURIER,
  type CarrierCode,
  type CreateShipment,
  type Shipment,
} from '@bookshop/contracts/fulfilment';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { StaffOrder } from '@bookshop/contracts/orders';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { SelectField, TextField } from '../../../ui/form-fields.tsx';
import { isFulfillable } from '../../orders/components/fulfilment-badge.tsx';
import { deliverShipment, packOrder, shipOrder, useFulfilOrder } from '../api/fulfil-order.ts';
import { useCarriers } from '../api/get-carriers.ts';
import { useOpenPackingSlip } from '../api/open-packing-slip.ts';

/** Copies of each line not yet in a parcel. */
export function copiesLeft(order: Pick<StaffOrder, 'items' | 'shipments'>) {
  const shipped = new Map<number, number>();
  for (const shipment of order.shipments)
    for (const line of shipment.lines) shipped.set(line.bookId, (shipped.get(line.bookId) ?? 0) + line.quantity);
  return order.items
    .map((item) => ({ bookId: item.bookId, title: item.title, left: item.quantity - (shipped.get(item.bookId) ?? 0) }))
    .filter((line) => line.left > 0);
}

/** The API's refusal in words, shown in the dialog that asked. */
function failureOf(error: Error | null): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return error.message;
  const fields = Object.values(error.problem.errors ?? {}).flat();
  return fields.length > 0 ? fields.join(' ') : (error.problem.detail ?? error.problem.title);
}

function Failure({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-md bg-rose-50 p-3 text-sm font-semibold text-rose-900">
      {message}
    </p>
  ) : null;
}

/** A confirmation before one fulfilment step, with the API's refusal shown in place. */
function ConfirmStep({
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} description={description} onClose={onClose} widthClass="max-w-md">
      <div className="grid gap-4">
        <Failure message={failureOf(error)} />
        <DialogActions cancelLabel="Not now" onCancel={onClose}>
          <Button pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

/** Staff with orders:fulfil: 'Mark as packed' on an unfulfilled paid order, after a confirmation. */
function PackAction({ order }: { order: StaffOrder }) {
  const [open, setOpen] = useState(false);
  const pack = useFulfilOrder(
    order.id,
    () => packOrder(order.id),
    () => `Order ${order.orderNumber} is packed.`,
  );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Mark as packed
      </Button>
      {open && (
        <ConfirmStep
          title={`Mark order ${order.orderNumber} as packed?`}
          description="Every copy is in its box and ready for the courier."
          confirmLabel="Mark as packed"
          pending={pack.isPending}
          error={pack.error}
          onConfirm={() => pack.mutate(undefined, { onSuccess: () => setOpen(false) })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/**
 * 'Ship': carrier, tracking number (optional only for the shop's van) and how many copies of each
 * line go in this parcel (all that is left, unless staff lower some for a partial shipment).
 */
function ShipDialog({ order, onClose }: { order: StaffOrder; onClose: () => void }) {
  const carriers = useCarriers();
  const left = copiesLeft(order);
  const [carrier, setCarrier] = useState<CarrierCode>('aramex');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(left.map((line) => [line.bookId, line.left])),
  );
  const [touched, setTouched] = useState(false);
  const ship = useFulfilOrder(
    order.id,
    (body: CreateShipment) => shipOrder(order.id, body),
    (saved) =>
      saved.fulfilmentStatus === 'partially-shipped'
        ? `Part of order ${order.orderNumber} is on its way.`
        : `Order ${order.orderNumber} is on its way.`,
  );
  const headingId = useId();

  const partial = left.some((line) => (quantities[line.bookId] ?? 0) < line.left);
  const lines = left
    .map((line) => ({ bookId: line.bookId, quantity: quantities[line.bookId] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const body: CreateShipment = {
    carrier,
    ...(trackingNumber.trim() && { trackingNumber: trackingNumber.trim() }),
    ...(partial && { lines }),
  };
  const checked = CreateShipmentSchema.safeParse(body);
  const errorOf = (field: string) =>
    touched && !checked.success ? checked.error.issues.find((issue) => issue.path[0] === field)?.message : undefined;
  const copies = lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <Dialog
      title={`Ship order ${order.orderNumber}`}
      description="The customer is e-mailed the carrier, the tracking number and a link to follow the parcel."
      onClose={onClose}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!checked.success || copies === 0) return;
          ship.mutate(body, { onSuccess: onClose });
        }}
      >
        <SelectField
          label="Carrier"
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as CarrierCode)}
        >
          {(carriers.data ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
          {!carriers.data && <option value={carrier}>Loading carriers…</option>}
        </SelectField>
        <TextField
          label={carrier === SHOP_COURIER ? 'Tracking number (optional)' : 'Tracking number'}
          value={trackingNumber}
          autoComplete="off"
          onChange={(event) => setTrackingNumber(event.target.value)}
          hint="4 to 40 letters, digits or dashes, as on the carrier's label."
          error={errorOf('trackingNumber')}
        />
        <fieldset className="grid gap-2" aria-describedby={`${headingId}-hint`}>
          <legend id={headingId} className="text-sm font-semibold text-stone-800">
            Copies in this parcel
          </legend>
          <p id={`${headingId}-hint`} className="text-sm text-stone-600">
            Lower a number to send the rest in a later parcel.
          </p>
          {left.map((line) => (
            <TextField
              key={line.bookId}
              label={`${line.title} (${line.left} left to ship)`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.left}
              value={quantities[line.bookId] ?? 0}
              onChange={(event) =>
                setQuantities((current) => ({
                  ...current,
                  [line.bookId]: Math.max(0, Math.min(line.left, Math.trunc(Number(event.target.value) || 0))),
                }))
              }
            />
          ))}
        </fieldset>
        {touched && copies === 0 && <Failure message="Choose at least one copy to ship." />}
        <Failure message={failureOf(ship.error)} />
        <DialogActions cancelLabel="Not now" onCancel={onClose}>
          <Button type="submit" pending={ship.isPending}>
            Ship {copies} {copies === 1 ? 'copy' : 'copies'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ShipAction({ order }: { order: StaffOrder }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ship</Button>
      {open && <ShipDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 'Packing slip': the printable page to put in the box, in a new tab. */
function PackingSlipAction({ order }: { order: StaffOrder }) {
  const slip = useOpenPackingSlip(order.id);
  return (
    <Button variant="secondary" pending={slip.isPending} onClick={() => slip.mutate()}>
      Packing slip<span className="sr-only"> (opens a new tab)</span>
    </Button>
  );
}

/** The order page's fulfilment buttons: what the order's state allows next. */
export function FulfilmentActions({ order }: { order: StaffOrder }): ReactNode {
  if (!isFulfillable(order)) return null;
  return (
    <>
      {copiesLeft(order).length > 0 && <PackingSlipAction order={order} />}
      {order.fulfilmentStatus === 'unfulfilled' && <PackAction order={order} />}
      {copiesLeft(order).length > 0 && <ShipAction order={order} />}
    </>
  );
}

/** 'Mark as delivered' beside a parcel on its way, after a confirmation. */
export function MarkDeliveredAction({ order, shipment }: { order: StaffOrder; shipment: Shipment }) {
  const [open, setOpen] = useState(false);
  const number = order.shipments.indexOf(shipment) + 1;
  // A cash-on-delivery order still unpaid: delivering it records the cash the courier took.
  const cash = order.paymentMethod === 'cod' && order.status === OrderStatus.Pending;
  const deliver = useFulfilOrder(
    order.id,
    () => deliverShipment(order.id, shipment.id, cash),
    () => `Parcel ${number} of order ${order.orderNumber} is delivered.`,
  );
  if (shipment.status === 'delivered') return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Mark as delivered<span className="sr-only"> (parcel {number})</span>
      </Button>
      {open && (
        <ConfirmStep
          title={`Mark parcel ${number} of order ${order.orderNumber} as delivered?`}
          description={
            cash
              ? `${shipment.carrierName} handed it to the customer and collected ${formatPrice(order.total)} in cash: the order becomes paid. If the customer refused the parcel, cancel the order instead.`
              : `${shipment.carrierName} handed it to the customer. When every parcel has arrived, the customer is e-mailed a link to review their books.`
          }
          confirmLabel="Mark as delivered"
          pending={deliver.isPending}
          error={deliver.error}
          onConfirm={() => deliver.mutate(undefined, { onSuccess: () => setOpen(false) })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
