import type { Book } from '@bookshop/contracts/catalogue';
import { Button } from '../../../ui/button.tsx';
import { BookCard } from './book-card.tsx';
import { useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { BookCardSkeleton } from './book-card-skeleton.tsx';

type BookGridProps = {
  books: Book[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** How many skeletons stand in for the first page. */
  pageSize: number;
};

/**
 * As many columns as fit cards at least 13.25rem wide: the narrowest card in which the buttons
 * ('LOGIN TO ADD WISHLIST') stay on one line. Below 650px a card is a row, cover beside details.
 */
const grid = 'grid grid-cols-1 gap-3 bar:grid-cols-[repeat(auto-fill,minmax(13.25rem,1fr))] bar:gap-4';

// Cards in the first row or two are likely on screen at load; the rest can load lazily. The very
// first covers are the likely largest paint (a phone shows two or three cards), so they go first.
const EAGER_CARDS = 4;
const HIGH_PRIORITY_CARDS = 2;

const imagePriority = (index: number) =>
  index < HIGH_PRIORITY_CARDS ? 'high' : index < EAGER_CARDS ? 'eager' : 'lazy';

export function BookGrid({ books, isPending, isError, onRetry, pageSize }: BookGridProps) {
  const t = useT();
  const spec = useSpecText();
  if (isPending) {
    return (
      <div className={grid} role="status" aria-label={t('grid.loading')}>
        {Array.from({ length: pageSize }, (_, index) => (
          <BookCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (isError || !books) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-rose-200 bg-rose-50 px-4 py-12 text-center"
      >
        <p className="text-lg font-semibold text-rose-900">{spec('listError')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('grid.retry')}
        </Button>
      </div>
    );
  }
  if (books.length === 0) {
    return (
      <p className="rounded-lg border border-stone-200 bg-white px-4 py-12 text-center text-lg font-medium text-stone-700">
        {spec('noBooksFound')}
      </p>
    );
  }
  return (
    <ul className={grid}>
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} imagePriority={imagePriority(index)} />
        </li>
      ))}
    </ul>
  );
}
