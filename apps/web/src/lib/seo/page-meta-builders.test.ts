import { describe, expect, it } from 'vitest';
import { BookSchema, type Book } from '@bookshop/contracts/catalogue';
import { allMessages } from '../i18n/all-catalogs.ts';
import { createI18n } from '../i18n/i18n.tsx';
import { renderHeadTags } from './head-tags.ts';
import { bookPageMeta } from './book-page-meta.ts';
import { authorPageMeta, genrePageMeta } from './listing-page-meta.ts';
import { homePageMeta, notFoundPageMeta } from './page-meta-builders.ts';

const ORIGIN = 'https://shop.test';
const english = createI18n('en', allMessages('en'));
const inEnglish = { t: english._.bind(english), locale: 'en' as const };

const makeBook = (overrides: Partial<Book> = {}): Book =>
  BookSchema.parse({
    id: 1,
    title: 'Emma',
    description: 'A comedy of manners.',
    isbn: '9780141439587',
    price: 50,
    discountPercentage: 20,
    discountedPrice: 40,
    isInStock: true,
    stockQuantity: 4,
    isNextDayDeliveryEligible: false,
    rating: 4.25,
    ratingCount: 8,
    mainImageURL: '/images/books/emma-b-400.webp',
    imageUrls: ['/images/books/emma-a-400.webp', '/images/books/emma-b-400.webp'],
    mainImageIndex: 1,
    authors: [{ id: 2, name: 'Jane Austen' }],
    genres: [{ id: 3, name: 'Classics' }],
    ...overrides,
  });

/** The head the server would send, parsed as a browser would. */
function parseHead(html: string) {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    'text/html',
  );
  const content = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
  const scripts = doc.head.querySelectorAll('script[type="application/ld+json"]');
  return {
    doc,
    title: doc.title,
    content,
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    jsonLd: scripts.length === 1 ? (JSON.parse(scripts[0]!.textContent ?? '') as Record<string, unknown>) : undefined,
    scriptCount: scripts.length,
  };
}

describe('bookPageMeta', () => {
  it('describes the book, its cover, the price paid in AED and a schema.org Book with its offer and rating', () => {
    const head = parseHead(renderHeadTags(bookPageMeta(makeBook()), ORIGIN));

    expect(head.title).toBe('Emma | Bookshop');
    expect(head.content('meta[name="description"]')).toBe('A comedy of manners.');
    expect(head.canonical).toBe('https://shop.test/books/Emma');
    expect(head.content('meta[property="og:type"]')).toBe('book');
    expect(head.content('meta[property="og:url"]')).toBe('https://shop.test/books/Emma');
    expect(head.content('meta[property="og:image"]')).toBe('https://shop.test/images/books/emma-b-800.webp');
    expect(head.content('meta[property="product:price:amount"]')).toBe('40.00');
    expect(head.content('meta[property="product:price:currency"]')).toBe('AED');
    expect(head.content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(head.content('meta[name="twitter:image"]')).toBe('https://shop.test/images/books/emma-b-800.webp');
    expect(head.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Book',
      inLanguage: 'en',
      name: 'Emma',
      url: 'https://shop.test/books/Emma',
      image: 'https://shop.test/images/books/emma-b-800.webp',
      description: 'A comedy of manners.',
      isbn: '9780141439587',
      author: [{ '@type': 'Person', name: 'Jane Austen', url: 'https://shop.test/authors/Jane%20Austen' }],
      genre: ['Classics'],
      offers: {
        '@type': 'Offer',
        price: '40.00',
        priceCurrency: 'AED',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.test/books/Emma',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 8, bestRating: 5, worstRating: 1 },
    });
  });

  it('leaves out the rating of a book nobody has reviewed, and says when it is out of stock', () => {
    const meta = bookPageMeta(makeBook({ ratingCount: 0, rating: 0, isInStock: false, stockQuantity: 0 }));
    const head = parseHead(renderHeadTags(meta, ORIGIN));

    expect(head.jsonLd).not.toHaveProperty('aggregateRating');
    expect(head.jsonLd?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(head.content('meta[property="product:availability"]')).toBe('out of stock');
  });

  it('trims a long description to a search result’s length at a word boundary', () => {
    const sentence = 'Emma Woodhouse, handsome, clever, and rich, with a comfortable home and happy disposition, ';
    const { description } = bookPageMeta(makeBook({ description: `${sentence}\n\n${sentence}${sentence}` }));

    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(
      /^Emma Woodhouse, handsome, clever, and rich, with a comfortable home and happy disposition, Emma/,
    );
    expect(description).toMatch(/[a-z]…$/);
    // Whole words only: what precedes the ellipsis is a word of the original text.
    const lastWord = description.slice(0, -1).split(' ').at(-1)!;
    expect(sentence.split(/[ ,]+/)).toContain(lastWord);
  });

  it('escapes a title with quotes and </script> everywhere it appears in the head', () => {
    const title = 'The "Unclosed" </script><script>alert(1)</script> & Co';
    const html = renderHeadTags(bookPageMeta(makeBook({ title, description: `About ${title}` })), ORIGIN);
    const head = parseHead(html);

    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(head.title).toBe(`${title} | Bookshop`);
    expect(head.content('meta[property="og:title"]')).toBe(`${title} | Bookshop`);
    expect(head.content('meta[name="description"]')).toBe(`About ${title}`);
    expect(head.scriptCount).toBe(1);
    expect(head.jsonLd?.name).toBe(title);
    expect(head.canonical).toBe(`https://shop.test/books/${encodeURIComponent(title)}`);
    expect(head.doc.body.childElementCount).toBe(0);
  });
});

describe('listing and other pages', () => {
  it('names the shop on the home page, with its description and no JSON-LD', () => {
    const head = parseHead(renderHeadTags(homePageMeta(), ORIGIN));

    expect(head.title).toBe('Bookshop');
    expect(head.content('meta[name="description"]')).toBe(
      'Bookshop: books delivered across the UAE. Free delivery on orders over 150 AED.',
    );
    expect(head.canonical).toBe('https://shop.test/');
    expect(head.content('meta[name="twitter:card"]')).toBe('summary');
    expect(head.scriptCount).toBe(0);
  });

  it('counts a genre’s and an author’s books and shows the first cover once the list has loaded', () => {
    const books = {
      data: [makeBook({ title: 'Dune', mainImageURL: '/images/books/dune-400.webp' })],
      paginationDetails: { currentPage: 1, totalPages: 3, noOfRecords: 25, pageSize: 10 },
    };

    expect(genrePageMeta({ name: 'Science Fiction' }, undefined, inEnglish)).toMatchObject({
      title: 'Science Fiction | Bookshop',
      description: 'Science Fiction books at Bookshop, delivered across the UAE.',
      path: '/genres/Science%20Fiction',
    });
    expect(genrePageMeta({ name: 'Science Fiction' }, books, inEnglish)).toMatchObject({
      description: '25 Science Fiction books at Bookshop, delivered across the UAE.',
      image: '/images/books/dune-800.webp',
      imageAlt: 'Cover of Dune',
    });
    expect(authorPageMeta({ name: 'Frank Herbert' }, books, inEnglish)).toMatchObject({
      title: 'Frank Herbert | Bookshop',
      description: '25 books by Frank Herbert at Bookshop, delivered across the UAE.',
      path: '/authors/Frank%20Herbert',
    });
  });

  it('names a missing page Page Not Found', () => {
    expect(notFoundPageMeta('/books/Nothing')).toMatchObject({ title: 'Page Not Found | Bookshop' });
    expect(notFoundPageMeta('/books/Nothing').jsonLd).toBeUndefined();
  });
});

describe('an Arabic page (decision 089)', () => {
  it('is canonical under /ar, names both languages with English as the default, and says so in its JSON-LD', () => {
    const html = renderHeadTags(bookPageMeta(makeBook()), ORIGIN, 'ar');
    const head = parseHead(html);
    expect(head.canonical).toBe('https://shop.test/ar/books/Emma');
    expect(head.content('meta[property="og:url"]')).toBe('https://shop.test/ar/books/Emma');
    expect(head.content('meta[property="og:locale"]')).toBe('ar_AE');
    expect(head.jsonLd).toMatchObject({ '@type': 'Book', inLanguage: 'ar' });
    const doc = new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html');
    const alternates = [...doc.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['en', 'https://shop.test/books/Emma'],
      ['ar', 'https://shop.test/ar/books/Emma'],
      ['x-default', 'https://shop.test/books/Emma'],
    ]);
    // The English page names the same three.
    const english = new DOMParser().parseFromString(
      `<head>${renderHeadTags(bookPageMeta(makeBook()), ORIGIN)}</head>`,
      'text/html',
    );
    expect(english.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(3);
    expect(english.head.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('en_AE');
  });
});
