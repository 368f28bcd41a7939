import { useState } from 'react';
import { Link } from 'react-router';
import { BookThumbnail } from '../../../ui/book-thumbnail.tsx';
import { Messages } from '@bookshop/contracts/messages';
import { bookPath } from '@bookshop/contracts/routes';
import type { WishlistItem as WishlistBook } from '@bookshop/contracts/wishlist';
import { useBookActions } from '../../../lib/book-actions.tsx';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist.ts';
import { problemBody } from '../../../lib/problem-body.ts';

const coverOf = (book: WishlistBook) =>
  book.imageUrls[book.mainImageIndex] ?? book.mainImageURL ?? book.imageUrls[0] ?? null;

function Price({ book }: { book: WishlistBook }) {
  // As on the book cards: a sold-out book's discount is not advertised.
  if (book.discountPercentage <= 0 || !book.isInStock) {
    return <p className="font-semibold text-stone-900">{formatPrice(book.price)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">Original price</span>
      <s className="text-sm text-stone-500">{formatPrice(book.price)}</s>
      <span className="sr-only">, now</span>
      <span className="font-semibold text-rose-700">{formatPrice(book.discountedPrice)}</span>
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

  const moveToCart = async () => {
    setMoving(true);
    try {
      try {
        await actions.addToCart(book);
      } catch (error) {
        toast.error(Messages.addToCartFailed, problemBody(error));
        return;
      }
      toast.success(Messages.bookAddedToCart);
      await remove.mutateAsync(book.id).catch(() => {
        // The book is in the cart; the error toast says why it is still on the wishlist.
      });
    } finally {
      setMoving(false);
    }
  };

  return (
    <li
      aria-label={book.title}
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-4 py-5 sm:grid-cols-[6rem_minmax(0,1fr)_auto]"
    >
      <BookThumbnail href={href} imageUrl={cover} />
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="font-serif text-lg leading-snug font-semibold text-stone-900">
          <Link to={href} className="hover:underline">
            {book.title}
          </Link>
        </h2>
        {book.authors.length > 0 && (
          <p className="text-sm text-stone-700">by {book.authors.map((author) => author.name).join(', ')}</p>
        )}
        <Price book={book} />
        {!book.isInStock && (
          <p className="justify-self-start text-sm font-semibold text-stone-700">{Messages.outOfStock}</p>
        )}
        <p className="text-xs text-stone-600">Added {formatDateTime(book.addedAt)}</p>
      </div>
      <div className="col-start-2 flex flex-wrap items-start gap-2 sm:col-start-3 sm:flex-col sm:items-stretch">
        <Button
          size="sm"
          disabled={!book.isInStock || remove.isPending}
          pending={moving}
          onClick={() => void moveToCart()}
        >
          Move to Cart<span className="sr-only"> — {book.title}</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={moving}
          pending={remove.isPending && !moving}
          onClick={() => remove.mutate(book.id)}
        >
          Remove<span className="sr-only"> — {book.title}</span>
        </Button>
      </div>
    </li>
  );
}
