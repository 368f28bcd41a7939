import { useParams } from 'react-router';
import { NotFound } from '../../../ui/not-found.tsx';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { nameIn } from '../../../lib/i18n/catalogue-text.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { authorPageMeta } from '../../../lib/seo/listing-page-meta.ts';
import { firstCoverPreload, useBooks } from '../api/get-books.ts';
import { useAuthorNamed } from '../api/search-authors.ts';
import { useBookListState } from '../hooks/use-book-list-state.ts';

export function AuthorPage() {
  const t = useT();
  const locale = useLocale();
  const { authorName: fromPath = '' } = useParams();
  // The path may differ in case from the stored name; show the name as the shop spells it. Only
  // this author is asked for, never the list of them all (decision 097).
  const { author, unknown } = useAuthorNamed(fromPath);
  // Until the answer arrives the page starts loading its books; a name the shop lacks is no page at all.
  // The path keeps the English name in both languages; an Arabic page shows the Arabic one where there is one.
  const named = author ?? { name: fromPath };
  const authorName = nameIn(locale, named);
  // The same query as the list below, so it shares its request; it gives the description a count and a cover.
  const books = useBooks(useBookListState({ author: fromPath }).query);
  if (unknown) return <NotFound detail={t('catalogue.author.unknown', { name: fromPath })} />;
  return (
    <div className="flex flex-col gap-6 py-6">
      <PageMeta {...authorPageMeta(named, books.data, { t, locale })} preloadImage={firstCoverPreload(books.data)} />
      <header>
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">{t('catalogue.author.eyebrow')}</p>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{authorName}</h1>
      </header>
      <BookBrowser author={fromPath} title={t('catalogue.author.books', { author: authorName })} />
    </div>
  );
}
