import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Book } from '@bookshop/contracts/catalogue';
import { authorPath, genrePath } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { bookPageMeta, pendingBookPageMeta } from '../../../lib/seo/book-page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { useBook } from '../api/get-book.ts';
import { AddToCartButton, StockAlertButton, WishlistButton } from '../components/book-action-buttons.tsx';
import { LinkList } from '../components/book-card.tsx';
import { BookDetailsSkeleton } from '../components/book-details-skeleton.tsx';
import { BookGallery } from '../components/book-gallery.tsx';
import { BookPrice } from '../components/book-price.tsx';
import { StarRating } from '../../../ui/star-rating.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { coverPreload, orderedImages } from '../lib/image-sources.ts';
import { useLocale, useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';

// Few enough copies that a reader deciding to buy should know.
const LOW_STOCK = 5;

type BookPageProps = {
  /** The book's reviews, from the reviews feature (app/ composes them), shown under the details. */
  reviews?: (book: Book) => ReactNode;
};

export function BookPage({ reviews }: BookPageProps = {}) {
  const t = useT();
  const spec = useSpecText();
  const locale = useLocale();
  const { title = '' } = useParams();
  const book = useBook(title);
  const metaText = {
    coverOf: (bookTitle: string) => t('book.coverOf', { title: bookTitle }),
    byline: (bookTitle: string, authors: string) => t('book.byline', { title: bookTitle, authors }),
  };
  const notFound = book.error instanceof ApiError && book.error.status === 404;
  // Not found, the NotFound page names itself.
  const meta = (
    <PageMeta
      {...(book.data
        ? { ...bookPageMeta(book.data, locale, metaText), preloadImage: coverPreloadOf(book.data) }
        : pendingBookPageMeta(title))}
    />
  );

  if (book.isPending) {
    return (
      <div role="status" aria-label={t('book.loading')}>
        {meta}
        <BookDetailsSkeleton />
      </div>
    );
  }
  if (notFound) return <NotFound detail={t('book.notFound', { title })} />;
  if (book.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        {meta}
        <p className="text-xl font-semibold text-rose-900">{spec('listError')}</p>
        <Button variant="secondary" onClick={() => void book.refetch()}>
          {t('grid.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {meta}
      <BookDetails book={book.data} />
      {reviews?.(book.data)}
    </>
  );
}

/** The cover the gallery shows first, the page's largest paint. */
function coverPreloadOf(book: Book) {
  const [cover] = orderedImages(book.imageUrls, book.mainImageIndex, book.mainImageURL);
  return cover ? coverPreload(cover, 'bookPage') : undefined;
}

function BookDetails({ book }: { book: Book }) {
  const images = orderedImages(book.imageUrls, book.mainImageIndex, book.mainImageURL);
  const t = useT();
  const spec = useSpecText();
  const text = useCatalogueText();
  const title = text.title(book);
  return (
    // Below 768 px the details column dissolves into the article (`contents`), so the buy bar's
    // sticky box is the whole article: it stays above the bottom bar from the first screen until
    // the page reaches its own place under the title (decision 073).
    <article className="grid gap-4 py-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8">
      <BookGallery key={book.id} title={title} images={images} />
      <div className="contents md:flex md:flex-col md:gap-4">
        <header className="flex flex-col gap-2">
          <h1 className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{title}</h1>
          <div className="flex flex-wrap items-center gap-x-1 text-stone-700">
            <span>{t('book.by')}</span>
            <LinkList label={t('card.authors')} items={book.authors} pathOf={authorPath} className="font-medium" />
          </div>
          <div className="flex items-center gap-2 text-sm text-stone-600">
            <StarRating rating={book.rating} />
            <span>{t('book.ratings', { count: book.ratingCount })}</span>
          </div>
        </header>
        <div
          aria-label={t('book.buy')}
          role="group"
          className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 -mx-4 flex items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] bar:bottom-0 md:static md:mx-0 md:max-w-xl md:flex-col md:items-stretch md:border-0 md:bg-transparent md:p-0 md:shadow-none"
        >
          <BookPrice book={book} className="text-2xl" />
          <AddToCartButton book={book} size="lg" className="whitespace-nowrap md:w-full" />
        </div>
        <ul aria-label={t('book.availability')} className="flex flex-wrap gap-2 text-sm">
          <li
            className={`rounded-full px-3 py-1 font-medium ${book.isInStock ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-800'}`}
          >
            {!book.isInStock
              ? spec('outOfStock')
              : book.stockQuantity <= LOW_STOCK
                ? t('book.onlyLeft', { count: book.stockQuantity })
                : t('book.inStock')}
          </li>
          {book.isNextDayDeliveryEligible && book.isInStock && (
            <li className="rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900">{t('book.nextDay')}</li>
          )}
          <li className="rounded-full bg-stone-100 px-3 py-1 text-stone-700">{t('features.freeDelivery')}</li>
        </ul>
        <StockAlertButton book={book} size="lg" className="whitespace-nowrap md:max-w-xl" />
        <WishlistButton book={book} size="lg" className="whitespace-nowrap md:max-w-xl" />
        <ShareButton book={book} className="self-start" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-stone-900">{t('book.isbn')}</dt>
          <dd className="text-stone-700">{book.isbn}</dd>
          <dt className="font-medium text-stone-900">{t('card.genres')}</dt>
          <dd>
            <LinkList label={t('card.genres')} items={book.genres} pathOf={genrePath} className="text-stone-700" />
          </dd>
        </dl>
        <section aria-labelledby="description-heading" className="flex flex-col gap-2">
          <h2 id="description-heading" className="text-lg font-semibold text-stone-900">
            {t('book.description')}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-stone-800">{text.description(book)}</p>
        </section>
      </div>
    </article>
  );
}
