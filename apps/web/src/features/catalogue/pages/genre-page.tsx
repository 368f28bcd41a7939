import { useParams } from 'react-router';
import { useGenres } from '../api/get-genres.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export function GenrePage() {
  const { genreName: fromPath = '' } = useParams();
  // The path may differ in case from the stored name; show the name as the shop spells it.
  const genreName =
    useGenres().data?.find((item) => item.name.toLowerCase() === fromPath.toLowerCase())?.name ?? fromPath;
  useDocumentTitle(genreName);
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
