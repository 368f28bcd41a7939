import { useParams } from 'react-router';
import { NotFound } from '../../../ui/not-found.tsx';
import { useAuthors } from '../../../lib/api/get-authors.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { authorPageMeta } from '../../../lib/seo/page-meta-builders.ts';
import { firstCoverPreload, useBooks } from '../api/get-books.ts';
import { useBookListState } from '../hooks/use-book-list-state.ts';

export function AuthorPage() {
  const { authorName: fromPath = '' } = useParams();
  const authors = useAuthors();
  // The path may differ in case from the stored name; show the name as the shop spells it.
  const author = authors.data?.find((item) => item.name.toLowerCase() === fromPath.toLowerCase());
  // Until the list arrives the page starts loading its books; a name not in it is no page at all.
  const unknown = authors.isSuccess && !author;
  const authorName = author?.name ?? fromPath;
  // The same query as the list below, so it shares its request; it gives the description a count and a cover.
  const books = useBooks(useBookListState({ author: fromPath }).query);
  if (unknown) return <NotFound detail={`We do not have an author called “${fromPath}”.`} />;
  return (
    <div className="flex flex-col gap-6 py-6">
      <PageMeta {...authorPageMeta(authorName, books.data)} preloadImage={firstCoverPreload(books.data)} />
      <header>
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">Author</p>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{authorName}</h1>
      </header>
      <BookBrowser author={fromPath} title={`Books by ${authorName}`} />
    </div>
  );
}
