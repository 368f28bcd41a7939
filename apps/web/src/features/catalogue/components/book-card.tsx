import { Link } from 'react-router';
import type { Book } from '@bookshop/contracts/catalogue';
import { authorPath, bookPath, genrePath } from '@bookshop/contracts/routes';
import { COVER_SIZES, coverImage } from '../lib/image-sources.ts';
import { AddToCartButton, WishlistButton } from './book-action-buttons.tsx';
import { BookImage } from './book-image.tsx';
import { BookPrice } from './book-price.tsx';
import { StarRating } from '../../../ui/star-rating.tsx';
import { useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';

type BookCardProps = {
  book: Book;
  /** How soon the cover is fetched (BookImage): the grid's first cards are on the first screen. */
  imagePriority?: 'high' | 'eager' | 'lazy';
};

export function BookCard({ book, imagePriority = 'lazy' }: BookCardProps) {
  const href = bookPath(book.title);
  const spec = useSpecText();
  const t = useT();
  const text = useCatalogueText();
  const title = text.title(book);
  return (
    // Below 650px a row (cover beside the details), so a phone shows the buttons at full width.
    <article className="flex h-full overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm bar:flex-col">
      <div className="relative w-28 shrink-0 bar:w-auto">
        {/* The title below is the card's link for keyboards; the image repeats it for pointers. */}
        <Link to={href} tabIndex={-1} className="block">
          <BookImage
            src={coverImage(book)}
            alt={title}
            sizes={COVER_SIZES.card}
            priority={imagePriority}
            className="aspect-[2/3] w-full"
          />
        </Link>
        {!book.isInStock && (
          <span className="absolute top-2 start-2 rounded bg-stone-900/85 px-2 py-1 text-xs font-semibold text-white">
            {spec('outOfStock')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3">
        <BookPrice book={book} />
        <h3 className="line-clamp-2 font-serif text-base leading-snug font-semibold text-stone-900">
          <Link to={href} className="hover:underline focus-visible:underline">
            {title}
          </Link>
        </h3>
        <StarRating rating={book.rating} />
        <LinkList
          label={t('card.authors')}
          items={book.authors}
          pathOf={authorPath}
          className="text-sm text-stone-700"
        />
        <LinkList label={t('card.genres')} items={book.genres} pathOf={genrePath} className="text-xs text-stone-500" />
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <AddToCartButton book={book} />
          <WishlistButton book={book} />
        </div>
      </div>
    </article>
  );
}

type LinkListProps = {
  label: string;
  items: readonly { id: number; name: string; nameAr?: string | null }[];
  pathOf: (name: string) => string;
  className?: string;
};

export function LinkList({ label, items, pathOf, className = '' }: LinkListProps) {
  const text = useCatalogueText();
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-x-1 ${className}`}>
      {items.map((item, index) => (
        <li key={item.id}>
          <Link to={pathOf(item.name)} className="underline-offset-2 hover:underline">
            {text.name(item)}
          </Link>
          {index < items.length - 1 && <span aria-hidden="true">,</span>}
        </li>
      ))}
    </ul>
  );
}
