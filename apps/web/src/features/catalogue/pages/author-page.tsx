import { useParams } from 'react-router';
import { useAuthors } from '../api/get-authors.ts';
import { BookBrowser } from '../components/book-browser.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export function AuthorPage() {
  const { authorName: fromPath = '' } = useParams();
  // The path may differ in case from the stored name; show the name as the shop spells it.
  const authorName =
    useAuthors().data?.find((item) => item.name.toLowerCase() === fromPath.toLowerCase())?.name ?? fromPath;
  useDocumentTitle(authorName);
  return (
    <div className="flex flex-col gap-6 py-6">
      <header>
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">Author</p>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{authorName}</h1>
      </header>
      <BookBrowser author={fromPath} title={`Books by ${authorName}`} />
    </div>
  );
}
