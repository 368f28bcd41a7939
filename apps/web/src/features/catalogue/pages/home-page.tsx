import { BookBrowser } from '../components/book-browser.tsx';
import { FeaturesBanner } from '../components/features-banner.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { homePageMeta } from '../../../lib/seo/page-meta-builders.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';

export function HomePage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 py-4 sm:gap-8 sm:py-6">
      <PageMeta {...homePageMeta(t('meta.homeDescription'))} />
      <FeaturesBanner />
      <BookBrowser
        title={t('home.browseBooks')}
        search={
          <search aria-label={t('home.searchRegion')}>
            <SearchBox />
          </search>
        }
      />
    </div>
  );
}
