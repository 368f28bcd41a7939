import type { Book } from '@bookshop/contracts/catalogue';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useFormat } from '../../../lib/i18n/format.ts';

type BookPriceProps = {
  book: Pick<Book, 'price' | 'discountedPrice' | 'discountPercentage' | 'isInStock'>;
  className?: string;
};

/** The price; with a discount on a book in stock, the old price struck through beside the new one. */
export function BookPrice({ book, className = '' }: BookPriceProps) {
  // An unavailable book cannot be bought at the discount, so the discount is not advertised.
  const discounted = book.discountPercentage > 0 && book.isInStock;
  const t = useT();
  const { price: formatPrice } = useFormat();
  if (!discounted) return <p className={`font-semibold text-stone-900 ${className}`}>{formatPrice(book.price)}</p>;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="sr-only">{t('price.original')}</span>
      <s className="text-sm text-stone-500">{formatPrice(book.price)}</s>
      <span className="sr-only">{t('price.now')}</span>
      <span className="font-semibold text-rose-700">{formatPrice(book.discountedPrice)}</span>
      <span aria-hidden="true" className="rounded bg-rose-100 px-1.5 py-0.5 text-xs font-medium text-rose-800">
        -{book.discountPercentage}%
      </span>
    </p>
  );
}
