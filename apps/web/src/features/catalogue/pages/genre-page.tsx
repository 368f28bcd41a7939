import { useParams } from 'react-router';
import { Messages } from '@bookshop/contracts/messages';
import { NotFound } from '../../../ui/not-found.tsx';
import { useGenres } from '../api/get-genres.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export function GenrePage() {
  const { genreName: fromPath = '' } = useParams();
  const genres = useGenres();
  // The path may differ in case from the stored name; show the name as the shop spells it.
  const genre = genres.data?.find((item) => item.name.toLowerCase() === fromPath.toLowerCase());
  // Until the list arrives the page starts loading its books; a name not in it is no page at all.
  const unknown = genres.isSuccess && !genre;
  const genreName = genre?.name ?? fromPath;
  useDocumentTitle(unknown ? Messages.pageNotFound : genreName);
  if (unknown) return <NotFound detail={`We do not have a genre called “${fromPath}”.`} />;
  return (
    <div className="flex flex-col gap-6 py-6">
      <header>
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">Genre</p>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{genreName}</h1>
      </header>
      <BookBrowser genre={fromPath} title={`${genreName} books`} />
    </div>
  );
}
