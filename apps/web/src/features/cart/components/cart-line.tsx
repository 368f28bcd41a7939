import { Link } from 'react-router';
import { BookThumbnail } from '../../../ui/book-thumbnail.tsx';
import type { CartItem } from '@bookshop/contracts/cart';
import { MAX_COPIES_PER_TITLE } from '@bookshop/contracts/checkout';
import { bookPath } from '@bookshop/contracts/routes';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { AlertIcon, InfoIcon } from '../../../ui/icons.tsx';
import { LineTotal } from '../../../ui/order-summary.tsx';
import { canIncrease, lineWarnings, type LineWarning } from '../lib/cart-view.ts';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { TrashIcon } from '../../../ui/icons.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

export type CartLineControls = {
  increase(item: CartItem): void;
  decrease(item: CartItem): void;
  remove(item: CartItem): void;
  /** Confirms today's price of a repriced line (server cart only: a guest's line is never flagged). */
  acceptPrice?(item: CartItem): void;
  /** A cart change is on its way; controls wait for it so each step starts from the newest cart. */
  busy: boolean;
  /** The book whose line is changing, for its spinner. */
  pendingBookId: number | undefined;
};

function LinePrice({ item }: { item: CartItem }) {
  const t = useT();
  const { price: formatPrice } = useFormat();
  if (item.discountPercentage <= 0) return <p className="font-semibold text-stone-900">{formatPrice(item.price)}</p>;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">{t('price.original')}</span>
      <s className="text-sm text-stone-500">{formatPrice(item.price)}</s>
      <span className="sr-only">{t('price.now')}</span>
      <span className="font-semibold text-rose-700">{formatPrice(item.discountedPrice)}</span>
      <span aria-hidden="true" className="rounded bg-rose-100 px-1.5 py-0.5 text-xs font-medium text-rose-800">
        -{item.discountPercentage}%
      </span>
    </p>
  );
}

/** A line's warning in the page's language. */
function useWarningText() {
  const t = useT();
  const { price } = useFormat();
  return (warning: LineWarning) => {
    switch (warning.kind) {
      case 'limit':
        return t('cart.copiesPerTitleMax', { max: MAX_COPIES_PER_TITLE });
      case 'stock':
        return warning.soldOut ? t('cart.lineOutOfStock') : t('cart.lineNotEnoughStock', { count: warning.stock });
      case 'price':
        return t('cart.linePriceChanged', { before: price(warning.before), now: price(warning.now) });
    }
  };
}

/** One book in the cart: cover, title, price, warnings, quantity stepper, line total and delete. */
export function CartLine({ item, controls }: { item: CartItem; controls: CartLineControls }) {
  const warnings = lineWarnings(item);
  const warningText = useWarningText();
  const t = useT();
  const title = useCatalogueText().title(item);
  const href = bookPath(item.title);
  const blocked = warnings.some((warning) => warning.kind === 'stock');
  return (
    <li
      aria-label={title}
      className={`grid grid-cols-[5rem_minmax(0,1fr)] gap-4 py-5 sm:grid-cols-[6rem_minmax(0,1fr)_auto] ${blocked ? 'bg-amber-50/60' : ''}`}
    >
      <BookThumbnail href={href} imageUrl={item.imageUrl} />

      <div className="flex min-w-0 flex-col gap-2">
        <h2 className="font-serif text-lg leading-snug font-semibold text-stone-900">
          <Link to={href} className="hover:underline">
            {title}
          </Link>
        </h2>
        <LinePrice item={item} />
        {warnings.length > 0 && (
          <ul className="grid gap-1.5 text-sm">
            {warnings.map((warning) => (
              <li
                key={warning.kind}
                className={`flex items-start gap-2 rounded-md px-2.5 py-1.5 ${warning.kind === 'stock' ? 'bg-amber-100 text-amber-950' : 'bg-sky-50 text-sky-950'}`}
              >
                {warning.kind === 'stock' ? (
                  <AlertIcon className="mt-0.5 size-4 shrink-0" />
                ) : (
                  <InfoIcon className="mt-0.5 size-4 shrink-0" />
                )}
                <span className="grid justify-items-start gap-1.5">
                  {warningText(warning)}
                  {warning.kind === 'price' && controls.acceptPrice && (
                    <button
                      type="button"
                      disabled={controls.busy}
                      onClick={() => controls.acceptPrice?.(item)}
                      className="inline-flex min-h-9 items-center rounded-md border border-sky-300 bg-white px-3 text-sm font-semibold text-sky-950 hover:bg-sky-100 disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      {t('cart.acceptPrice')}
                      <span className="sr-only"> {t('cart.acceptPriceOf', { title })}</span>
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
          <QuantityStepper
            title={title}
            quantity={item.quantity}
            canIncrease={canIncrease(item)}
            disabled={controls.busy}
            pending={controls.pendingBookId === item.id}
            onIncrease={() => controls.increase(item)}
            onDecrease={() => controls.decrease(item)}
          />
          <button
            type="button"
            disabled={controls.busy}
            onClick={() => controls.remove(item)}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <TrashIcon />
            {t('cart.delete')}
            <span className="sr-only"> {title}</span>
          </button>
        </div>
      </div>

      <LineTotal amount={item.lineTotal} className="col-start-2 text-start sm:col-start-3 sm:text-end" />
    </li>
  );
}
