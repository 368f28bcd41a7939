import { useParams } from 'react-router';
import { NotFound } from '../../../ui/not-found.tsx';
import { useGenres } from '../../../lib/api/get-genres.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { genrePageMeta } from '../../../lib/seo/page-meta-builders.ts';
import { firstCoverPreload, useBooks } from '../api/get-books.ts';
import { useBookListState } from '../hooks/use-book-list-state.ts';

export function GenrePage() {
  const { genreName: fromPath = '' } = useParams();
  const genres = useGenres();
  // The path may differ in case from the stored name; show the name as the shop spells it.
  const genre = genres.data?.find((item) => item.name.toLowerCase() === fromPath.toLowerCase());
  // Until the list arrives the page starts loading its books; a name not in it is no page at all.
  const unknown = genres.isSuccess && !genre;
  const genreName = genre?.name ?? fromPath;
  // The same query as the list below, so it shares its request; it gives the description a count and a cover.
  const books = useBooks(useBookListState({ genre: fromPath }).query);
  if (unknown) return <NotFound detail={`We do not have a genre called “${fromPath}”.`} />;
  return (
    <div className="flex flex-col gap-6 py-6">
      <PageMeta {...genrePageMeta(genreName, books.data)} preloadImage={firstCoverPreload(books.data)} />
      <header>
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">Genre</p>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{genreName}</h1>
      </header>
      <BookBrowser genre={fromPath} title={`${genreName} books`} />
    </div>
  );
}
