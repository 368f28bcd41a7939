import { useState } from 'react';
import { Link } from 'react-router';
import { BookThumbnail } from '../../../ui/book-thumbnail.tsx';
import { bookPath } from '@bookshop/contracts/routes';
import type { WishlistItem as WishlistBook } from '@bookshop/contracts/wishlist';
import { useBookActions } from '../../../lib/book-actions.tsx';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useLocale, useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist.ts';
import { problemBody } from '../../../lib/problem-body.ts';

const coverOf = (book: WishlistBook) =>
  book.imageUrls[book.mainImageIndex] ?? book.mainImageURL ?? book.imageUrls[0] ?? null;

function Price({ book }: { book: WishlistBook }) {
  const t = useT();
  const { price } = useFormat();
  // As on the book cards: a sold-out book's discount is not advertised.
  if (book.discountPercentage <= 0 || !book.isInStock) {
    return <p className="font-semibold text-stone-900">{price(book.price)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">{t('wishlist.originalPrice')}</span>
      <s className="text-sm text-stone-500">{price(book.price)}</s>
      <span className="sr-only">{t('wishlist.now')}</span>
      <span className="font-semibold text-rose-700">{price(book.discountedPrice)}</span>
    </p>
  );
}

/** One wishlisted book with 'Move to Cart' (adds it to the cart, then takes it off the wishlist) and 'Remove'. */
export function WishlistItem({ book }: { book: WishlistBook }) {
  const actions = useBookActions();
  const remove = useRemoveFromWishlist();
  const [moving, setMoving] = useState(false);
  const cover = coverOf(book);
  const href = bookPath(book.title);
  const t = useT();
  const spec = useSpecText();
  const { dateTime } = useFormat();
  // Arabic pages name the book and its authors in Arabic where the shop has it (decision 090);
  // the link keeps the English title, the page's key.
  const text = useCatalogueText();
  const locale = useLocale();
  const title = text.title(book);
  const authors = book.authors.map((author) => text.name(author));

  const moveToCart = async () => {
    setMoving(true);
    try {
      try {
        await actions.addToCart(book);
      } catch (error) {
        toast.error(spec('addToCartFailed'), problemBody(error));
        return;
      }
      toast.success(spec('bookAddedToCart'));
      await remove.mutateAsync(book.id).catch(() => {
        // The book is in the cart; the error toast says why it is still on the wishlist.
      });
    } finally {
      setMoving(false);
    }
  };

  return (
    <li
      aria-label={title}
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-4 py-5 sm:grid-cols-[6rem_minmax(0,1fr)_auto]"
    >
      <BookThumbnail href={href} imageUrl={cover} />
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="font-serif text-lg leading-snug font-semibold text-stone-900">
          <Link to={href} className="hover:underline">
            {title}
          </Link>
        </h2>
        {authors.length > 0 && (
          <p className="text-sm text-stone-700">
            {t('wishlist.by', { authors: authors.join(locale === 'ar' ? '، ' : ', ') })}
          </p>
        )}
        <Price book={book} />
        {!book.isInStock && (
          <p className="justify-self-start text-sm font-semibold text-stone-700">{spec('outOfStock')}</p>
        )}
        <p className="text-xs text-stone-600">{t('wishlist.added', { date: dateTime(book.addedAt) })}</p>
      </div>
      <div className="col-start-2 flex flex-wrap items-start gap-2 sm:col-start-3 sm:flex-col sm:items-stretch">
        <Button
          size="sm"
          disabled={!book.isInStock || remove.isPending}
          pending={moving}
          onClick={() => void moveToCart()}
        >
          {t('wishlist.moveToCart')}
          <span className="sr-only"> — {title}</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={moving}
          pending={remove.isPending && !moving}
          onClick={() => remove.mutate(book.id)}
        >
          {t('wishlist.remove')}
          <span className="sr-only"> — {title}</span>
        </Button>
      </div>
    </li>
  );
}
