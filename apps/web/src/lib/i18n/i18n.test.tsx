import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import arabic from './catalogs/ar.json';
import english from './catalogs/en.json';
import { createI18n, I18nProvider, useT, type MessageId } from './i18n.tsx';
import { localeFromPath, localisedPath } from './locale.ts';

const ar = createI18n('ar', arabic);
const en = createI18n('en', english);

describe('the message catalogues', () => {
  it('translate every English message into Arabic, and nothing else', () => {
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(arabic)) expect(message, key).not.toEqual([]);
  });

  it("keep the spec's English messages exactly as contracts words them", () => {
    const specKeys = Object.keys(english).filter((key) => key.startsWith('spec.'));
    expect(specKeys.length).toBeGreaterThan(10);
    for (const key of specKeys) {
      const spec = Messages[key.slice('spec.'.length) as keyof typeof Messages];
      expect(en._(key), key).toBe(spec);
    }
  });

  it("count in Arabic's six plural forms and English's two (ICU rules)", () => {
    const books = (i18n: typeof ar, count: number) => i18n._('books.count', { count });
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101].map((count) => books(ar, count))).toEqual([
      'لا كتب',
      'كتاب واحد',
      'كتابان',
      '3 كتب',
      '10 كتب',
      '11 كتابًا',
      '99 كتابًا',
      '100 كتاب',
      '101 كتاب',
    ]);
    expect([0, 1, 2].map((count) => books(en, count))).toEqual(['0 books', '1 book', '2 books']);
  });

  it('render in the language of the provider around them', () => {
    function Label({ id }: { id: MessageId }) {
      return <p>{useT()(id)}</p>;
    }
    render(
      <>
        <I18nProvider i18n={ar}>
          <Label id="nav.home" />
        </I18nProvider>
        <Label id="nav.home" />
      </>,
    );
    expect(screen.getByText('الرئيسية')).toBeInTheDocument();
    // Outside any provider, the page's language: English in the tests (src/test/setup.ts).
    expect(screen.getByText('Home')).toBeInTheDocument();
  });
});

describe('language paths', () => {
  it('take the language from the /ar prefix only', () => {
    expect(localeFromPath('/ar')).toBe('ar');
    expect(localeFromPath('/ar/books/Emma')).toBe('ar');
    expect(localeFromPath('/')).toBe('en');
    expect(localeFromPath('/arabian-nights')).toBe('en');
    expect(localeFromPath('/books/ar')).toBe('en');
  });

  it('put a page under /ar in Arabic and leave it in English', () => {
    expect(localisedPath('/', 'ar')).toBe('/ar');
    expect(localisedPath('/books/Emma', 'ar')).toBe('/ar/books/Emma');
    expect(localisedPath('/books/Emma', 'en')).toBe('/books/Emma');
  });
});
