import { BookBrowser } from '../components/book-browser.tsx';
import { FeaturesBanner } from '../components/features-banner.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export function HomePage() {
  useDocumentTitle(undefined);
  return (
    <div className="flex flex-col gap-8 py-6">
      <FeaturesBanner />
      <search aria-label="Books">
        <SearchBox />
      </search>
      <BookBrowser title="Browse books" />
    </div>
  );
}
