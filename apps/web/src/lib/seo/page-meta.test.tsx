import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookSchema } from '@bookshop/contracts/catalogue';
import { createHeadCollector, HeadCollectorProvider, PageMeta, type PageMetaData } from './page-meta.tsx';
import { applyHeadTags, renderHeadTags } from './head-tags.ts';
import { allMessages } from '../i18n/all-catalogs.ts';
import { createI18n } from '../i18n/i18n.tsx';
import { bookPageMeta } from './book-page-meta.ts';
import { searchPageMeta } from './listing-page-meta.ts';
import { homePageMeta } from './page-meta-builders.ts';

const english = createI18n('en', allMessages('en'));
const inEnglish = { t: english._.bind(english), locale: 'en' as const };

const emma = BookSchema.parse({
  id: 1,
  title: 'Emma',
  description: 'A comedy of manners.',
  isbn: '9780141439587',
  price: 50,
  discountPercentage: 0,
  discountedPrice: 50,
  isInStock: true,
  stockQuantity: 4,
  isNextDayDeliveryEligible: false,
  rating: 4,
  ratingCount: 2,
  mainImageURL: '/images/books/emma-400.webp',
  imageUrls: ['/images/books/emma-400.webp'],
  mainImageIndex: 0,
  authors: [{ id: 2, name: 'Jane Austen' }],
  genres: [{ id: 3, name: 'Classics' }],
});

// The code that writes a head is fetched only when a page needs it (decision 103): watched here.
vi.mock('./head-tags.ts', async (original) => {
  const real = await original<typeof import('./head-tags.ts')>();
  return { ...real, applyHeadTags: vi.fn(real.applyHeadTags) };
});

/** Lets the head code PageMeta asked for arrive and run. */
const settled = () => vi.dynamicImportSettled();

// The page template's own head, as index.html has it.
beforeEach(() => {
  vi.mocked(applyHeadTags).mockClear();
  document.head.innerHTML =
    '<meta charset="UTF-8"><meta name="description" content="The template’s description"><title>Bookshop</title>';
});
afterEach(() => {
  document.head.innerHTML = '';
});

const all = (selector: string) => [...document.head.querySelectorAll(selector)];
const content = (selector: string) => all(selector).map((element) => element.getAttribute('content'));

// Two screens standing in for two routes: navigating unmounts one and mounts the other.
const BookScreen = ({ meta }: { meta: PageMetaData }) => <PageMeta {...meta} />;
const HomeScreen = () => <PageMeta {...homePageMeta()} />;

describe('PageMeta in the browser', () => {
  it('takes over the template’s title and description and adds the book’s tags', async () => {
    render(<BookScreen meta={bookPageMeta(emma)} />);
    await settled();

    expect(document.title).toBe('Emma | Bookshop');
    expect(all('title')).toHaveLength(1);
    expect(content('meta[name="description"]')).toEqual(['A comedy of manners.']);
    expect(all('link[rel="canonical"]').map((link) => link.getAttribute('href'))).toEqual([
      `${window.location.origin}/books/Emma`,
    ]);
    expect(content('meta[property="og:image"]')).toEqual([`${window.location.origin}/images/books/emma-800.webp`]);
    expect(content('meta[property="product:price:amount"]')).toEqual(['50.00']);
    expect(all('script[type="application/ld+json"]')).toHaveLength(1);
  });

  it('replaces the book’s tags with the home page’s on navigation, without duplicates or the book’s JSON-LD', async () => {
    const view = render(<BookScreen meta={bookPageMeta(emma)} />);
    await settled();
    view.rerender(<HomeScreen />);
    await settled();

    expect(document.title).toBe('Bookshop');
    expect(content('meta[name="description"]')).toEqual([homePageMeta().description]);
    expect(all('link[rel="canonical"]').map((link) => link.getAttribute('href'))).toEqual([
      `${window.location.origin}/`,
    ]);
    expect(content('meta[property="og:title"]')).toEqual(['Bookshop']);
    expect(content('meta[property="og:type"]')).toEqual(['website']);
    expect(all('meta[property="og:image"]')).toHaveLength(0);
    expect(all('meta[property^="product:"]')).toHaveLength(0);
    expect(content('meta[name="twitter:card"]')).toEqual(['summary']);
    expect(all('script[type="application/ld+json"]')).toHaveLength(0);
  });

  it('keeps the server’s cover preload, adds none on client navigation, and never edits a link in place', async () => {
    // Chromium warned of an invalid href when a preload link in the document got its attributes
    // one at a time, and of an unused preload when the <img> took a larger copy it already held.
    const cover = (name: string) => ({
      href: `/images/books/${name}-400.webp`,
      imageSrcSet: `/images/books/${name}-800.webp 800w`,
    });
    const first = { ...bookPageMeta(emma), preloadImage: cover('emma') };
    document.head.innerHTML = renderHeadTags(first, window.location.origin);
    const served = all('link[rel="preload"]')[0];
    const changedInPlace: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        if (record.type === 'attributes' && record.target instanceof HTMLLinkElement)
          changedInPlace.push(`${record.target.rel}: ${record.attributeName}`);
    });
    observer.observe(document.head, { subtree: true, childList: true, attributes: true });

    const view = render(<BookScreen meta={first} />);
    await settled();
    expect(all('link[rel="preload"]')).toEqual([served]);
    view.rerender(
      <BookScreen meta={{ ...bookPageMeta(emma), path: '/books/Persuasion', preloadImage: cover('persuasion') }} />,
    );
    await settled();
    await Promise.resolve(); // mutation records are delivered in a microtask
    observer.disconnect();

    expect(all('link[rel="preload"]')).toEqual([]);
    expect(all('link[rel="canonical"]').map((link) => link.getAttribute('href'))).toEqual([
      `${window.location.origin}/books/Persuasion`,
    ]);
    expect(changedInPlace).toEqual([]);
  });

  it('keeps a search results page out of indexes, and drops the noindex when the next page is indexable', async () => {
    const view = render(<BookScreen meta={searchPageMeta('war & peace', undefined, inEnglish)} />);
    await settled();
    expect(document.title).toBe('Search results for “war & peace” | Bookshop');
    expect(content('meta[name="robots"]')).toEqual(['noindex']);
    expect(all('link[rel="canonical"]').map((link) => link.getAttribute('href'))).toEqual([
      `${window.location.origin}/search?keyword=war+%26+peace`,
    ]);
    view.rerender(<HomeScreen />);
    await settled();
    expect(all('meta[name="robots"]')).toHaveLength(0);
    expect(renderHeadTags(homePageMeta(), 'https://shop.test')).not.toContain('robots');
    expect(renderHeadTags(searchPageMeta('', undefined, inEnglish), 'https://shop.test')).toContain(
      '<meta name="robots" content="noindex" data-page-meta>',
    );
  });

  it('updates in place when the same page’s data changes', async () => {
    const view = render(<BookScreen meta={bookPageMeta(emma)} />);
    await settled();
    view.rerender(<BookScreen meta={bookPageMeta({ ...emma, discountedPrice: 45 })} />);
    await settled();

    expect(content('meta[property="product:price:amount"]')).toEqual(['45.00']);
    expect(all('script[type="application/ld+json"]')).toHaveLength(1);
    expect(all('meta[name="description"]')).toHaveLength(1);
  });
  it('keeps the head the server wrote for the page it hydrates, fetching no head code until the page changes', async () => {
    const book = bookPageMeta(emma);
    document.head.innerHTML = renderHeadTags(book, window.location.origin);
    const served = document.head.innerHTML;

    const view = render(<BookScreen meta={book} />);
    await settled();
    expect(applyHeadTags).not.toHaveBeenCalled();
    expect(document.head.innerHTML).toBe(served);

    // The same page's data changing (a new price) rewrites it.
    view.rerender(<BookScreen meta={bookPageMeta({ ...emma, discountedPrice: 45 })} />);
    await settled();
    expect(applyHeadTags).toHaveBeenCalledTimes(1);
    expect(content('meta[property="product:price:amount"]')).toEqual(['45.00']);
  });

  it('writes the head when the one the page arrived with describes another page', async () => {
    document.head.innerHTML = renderHeadTags(homePageMeta(), window.location.origin);
    render(<BookScreen meta={bookPageMeta(emma)} />);
    await settled();
    expect(document.title).toBe('Emma | Bookshop');
    expect(all('link[rel="canonical"]').map((link) => link.getAttribute('href'))).toEqual([
      `${window.location.origin}/books/Emma`,
    ]);
  });

  it('writes nothing for a page that has gone before its head code arrived', async () => {
    const view = render(<BookScreen meta={bookPageMeta(emma)} />);
    view.unmount();
    await settled();
    expect(document.title).toBe('Bookshop');
    expect(all('[data-page-meta]')).toHaveLength(0);
  });
});

describe('PageMeta on the server', () => {
  it('hands the deepest page’s meta to the collector, renders nothing and leaves the document alone', () => {
    const collector = createHeadCollector('https://shop.test');
    const html = renderToString(
      <HeadCollectorProvider collector={collector}>
        <main>
          <PageMeta {...homePageMeta()} />
          <section>
            <PageMeta {...bookPageMeta(emma)} />
          </section>
        </main>
      </HeadCollectorProvider>,
    );

    expect(html).toBe('<main><section></section></main>');
    expect(collector.meta).toEqual(bookPageMeta(emma));
    expect(document.title).toBe('Bookshop');
    expect(all('[data-page-meta]')).toHaveLength(0);
  });
});
