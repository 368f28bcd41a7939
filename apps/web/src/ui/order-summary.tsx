import { Link } from 'react-router';
import { bookPath } from '@bookshop/contracts/routes';
import { useFormat } from '../lib/i18n/format.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../lib/i18n/catalogue-text.ts';
import { BookThumbnail } from './book-thumbnail.tsx';

export type OrderAmounts = {
  itemsTotal: number;
  discountTotal: number;
  deliveryFee: number;
  /** The 'Cash on delivery fee' line, shown when above 0 (decision 081). */
  codFee?: number;
  total: number;
};

/** One bought (or about to be bought) book, as a cart line and an order line both describe it. */
export type PricedLine = {
  title: string;
  /** Shown on Arabic pages where present (decision 090); links keep `title`. */
  titleAr?: string | null;
  price: number;
  discountedPrice: number;
  discountPercentage: number;
  quantity: number;
  lineTotal: number;
};

type OrderSummaryLinesProps<Line extends PricedLine> = {
  /** The list's accessible name. */
  label: string;
  lines: readonly Line[];
  lineKey: (line: Line) => string | number;
  /** Placed orders show each book's cover and link to its page; the checkout lists titles only. */
  bookCover?: (line: Line) => string | null;
};

/**
 * The price lines of an order summary (checkout, order page, success page): title, unit price
 * with its discount, quantity and line total.
 */
export function OrderSummaryLines<Line extends PricedLine>({
  label,
  lines,
  lineKey,
  bookCover,
}: OrderSummaryLinesProps<Line>) {
  const t = useT();
  const { price: formatPrice } = useFormat();
  const text = useCatalogueText();
  return (
    <ul aria-label={label} className="divide-y divide-stone-200 border-y border-stone-200">
      {lines.map((line) => (
        <li
          key={lineKey(line)}
          aria-label={text.title(line)}
          className={`grid ${bookCover ? 'grid-cols-[3.5rem_minmax(0,1fr)_auto]' : 'grid-cols-[minmax(0,1fr)_auto]'} items-start gap-3 py-3 text-sm`}
        >
          {bookCover && <BookThumbnail href={bookPath(line.title)} imageUrl={bookCover(line)} />}
          <div className="grid min-w-0 gap-0.5">
            {bookCover ? (
              <Link to={bookPath(line.title)} className="font-semibold break-words text-stone-900 hover:underline">
                {text.title(line)}
              </Link>
            ) : (
              <p className="font-semibold break-words text-stone-900">{text.title(line)}</p>
            )}
            <p className="text-stone-700 tabular-nums">
              {line.discountPercentage > 0 ? (
                <>
                  <span className="sr-only">{t('orderSummary.originalPrice')}</span>
                  <s className="text-stone-500">{formatPrice(line.price)}</s>{' '}
                  <span className="sr-only">{t('orderSummary.now')}</span>
                  <span className="font-semibold text-rose-700">{formatPrice(line.discountedPrice)}</span>{' '}
                  <span className="text-xs text-rose-800">(−{line.discountPercentage}%)</span>
                </>
              ) : (
                formatPrice(line.price)
              )}{' '}
              × {line.quantity}
            </p>
          </div>
          <LineTotal amount={line.lineTotal} />
        </li>
      ))}
    </ul>
  );
}

/** A line's total, read out as such (the cart's lines show it too). */
export function LineTotal({ amount, className = '' }: { amount: number; className?: string }) {
  const t = useT();
  const { price: formatPrice } = useFormat();
  return (
    <p className={`font-semibold text-stone-900 tabular-nums ${className}`}>
      <span className="sr-only">{t('orderSummary.lineTotal')}</span>
      {formatPrice(amount)}
    </p>
  );
}

/** Items total, discount, delivery and what the card is charged, in 'Dhs'. */
export function OrderTotals({ amounts, deliveryLabel }: { amounts: OrderAmounts; deliveryLabel: string }) {
  const t = useT();
  const { price: formatPrice } = useFormat();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm tabular-nums">
      <dt className="text-stone-700">{t('orderSummary.itemsTotal')}</dt>
      <dd className="ps-4 text-end">{formatPrice(amounts.itemsTotal)}</dd>
      <dt className="text-stone-700">{t('orderSummary.discount')}</dt>
      <dd className={`ps-4 text-end ${amounts.discountTotal > 0 ? 'text-rose-700' : ''}`}>
        {amounts.discountTotal > 0 ? `− ${formatPrice(amounts.discountTotal)}` : formatPrice(0)}
      </dd>
      <dt className="text-stone-700">{deliveryLabel}</dt>
      <dd className="ps-4 text-end">
        {amounts.deliveryFee === 0 ? t('orderSummary.free') : formatPrice(amounts.deliveryFee)}
      </dd>
      {(amounts.codFee ?? 0) > 0 && (
        <>
          <dt className="text-stone-700">{t('orderSummary.codFee')}</dt>
          <dd className="ps-4 text-end">{formatPrice(amounts.codFee ?? 0)}</dd>
        </>
      )}
      <dt className="border-t border-stone-200 pt-2 text-base font-bold text-stone-900">{t('orderSummary.total')}</dt>
      <dd className="border-t border-stone-200 ps-4 pt-2 text-end text-base font-bold text-stone-900">
        {formatPrice(amounts.total)}
      </dd>
    </dl>
  );
}
