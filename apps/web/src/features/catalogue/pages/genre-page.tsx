import { useParams } from 'react-router';
import { NotFound } from '../../../ui/not-found.tsx';
import { useGenres } from '../../../lib/api/get-genres.ts';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { nameIn } from '../../../lib/i18n/catalogue-text.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { genrePageMeta } from '../../../lib/seo/listing-page-meta.ts';
import { firstCoverPreload, useBooks } from '../api/get-books.ts';
import { useBookListState } from '../hooks/use-book-list-state.ts';

export function GenrePage() {
  const t = useT();
  const locale = useLocale();
  const { genreName: fromPath = '' } = useParams();
  const genres = useGenres();
  // The path may differ in case from the stored name; show the name as the shop spells it.
  const genre = genres.data?.find((item) => item.name.toLowerCase() === fromPath.toLowerCase());
  // Until the list arrives the page starts loading its books; a name not in it is no page at all.
  const unknown = genres.isSuccess && !genre;
  // The path keeps the English name in both languages; an Arabic page shows the Arabic one where there is one.
  const named = genre ?? { name: fromPath };
  const genreName = nameIn(locale, named);
  // The same query as the list below, so it shares its request; it gives the description a count and a cover.
  const books = useBooks(useBookListState({ genre: fromPath }).query);
  if (unknown) return <NotFound detail={t('catalogue.genre.unknown', { name: fromPath })} />;
  return (
    <div className="flex flex-col gap-6 py-6">
      <PageMeta {...genrePageMeta(named, books.data, { t, locale })} preloadImage={firstCoverPreload(books.data)} />
      <header>
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">{t('catalogue.genre.eyebrow')}</p>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{genreName}</h1>
      </header>
      <BookBrowser genre={fromPath} title={t('catalogue.genre.books', { genre: genreName })} />
    </div>
  );
}
