import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartMessages } from '@bookshop/contracts/cart';
import { CheckoutMessages, MAX_COPIES_PER_TITLE } from '@bookshop/contracts/checkout';
import { LinkMessages } from '@bookshop/contracts/link-messages';
import { Messages } from '@bookshop/contracts/messages';
import { TestModeMessages } from '@bookshop/contracts/payments';
import { ReviewMessages } from '@bookshop/contracts/review-messages';
import { StockAlertMessages } from '@bookshop/contracts/stock-alert-messages';
import { allMessages } from './all-catalogs.ts';
import { AREAS } from './catalogs.ts';
import { createI18n, I18nProvider, useT, type MessageId } from './i18n.tsx';
import { localeFromPath, localisedPath } from './locale.ts';
import { formatArabicDateTime, formatPriceIn } from './format.ts';

const arabic = allMessages('ar');
const english = allMessages('en');
const ar = createI18n('ar', arabic);
const en = createI18n('en', english);
const files = import.meta.glob<Record<string, unknown>>('./catalogs/*/*.json', { eager: true, import: 'default' });
const areaOf = (locale: string, area: string) => files[`./catalogs/${area}/${locale}.json`];

describe('the message catalogues', () => {
  it('translate every English message into Arabic, and nothing else, area by area', () => {
    expect(Object.keys(files).sort()).toEqual(
      AREAS.flatMap((area) => [`./catalogs/${area}/ar.json`, `./catalogs/${area}/en.json`]).sort(),
    );
    for (const area of AREAS)
      expect(Object.keys(areaOf('ar', area)!).sort(), area).toEqual(Object.keys(areaOf('en', area)!).sort());
    for (const [key, message] of Object.entries(arabic)) expect(message, key).not.toEqual([]);
  });

  it('keep each message in exactly one area, so the page that loads the area has it', () => {
    const seen = new Map<string, string>();
    for (const area of AREAS)
      for (const key of Object.keys(areaOf('en', area)!)) {
        expect(seen.get(key), `${key} is in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
  });

  it("keep the spec's English messages exactly as contracts words them", () => {
    const specKeys = Object.keys(english).filter((key) => key.startsWith('spec.'));
    expect(specKeys.length).toBeGreaterThan(10);
    for (const key of specKeys) {
      const spec = Messages[key.slice('spec.'.length) as keyof typeof Messages];
      expect(en._(key), key).toBe(spec);
    }
  });

  it('word the messages other contracts define as those contracts do, on English pages', () => {
    const pairs: [string, string][] = [
      [en._('testMode.ribbon'), TestModeMessages.ribbon],
      [en._('testMode.ribbonLabel'), TestModeMessages.ribbonLabel],
      [en._('stockAlert.notifyMe'), StockAlertMessages.notifyMe],
      [en._('stockAlert.willEmail'), StockAlertMessages.willEmail],
      [en._('stockAlert.askFailed'), StockAlertMessages.askFailed],
      [en._('book.linkCopied'), LinkMessages.copied],
      [en._('book.shareFailed'), LinkMessages.shareFailed],
      [en._('book.shareFailedDetail'), LinkMessages.shareFailedDetail],
      [en._('reviews.verifiedNote'), ReviewMessages.verifiedNote],
      [en._('reviews.verifiedPurchase'), ReviewMessages.verifiedPurchase],
      [en._('cart.copiesPerTitleMax', { max: MAX_COPIES_PER_TITLE }), CheckoutMessages.copiesPerTitleMax],
      [en._('cart.lineOutOfStock'), CartMessages.lineOutOfStock],
      [en._('cart.lineNotEnoughStock', { count: 1 }), CartMessages.lineNotEnoughStock(1)],
      [en._('cart.lineNotEnoughStock', { count: 3 }), CartMessages.lineNotEnoughStock(3)],
      [
        en._('cart.linePriceChanged', { before: 'AED 1.00', now: 'AED 2.00' }),
        CartMessages.linePriceChanged('AED 1.00', 'AED 2.00'),
      ],
    ];
    for (const [catalogue, contract] of pairs) expect(catalogue).toBe(contract);
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

describe('Arabic formats (decision 089)', () => {
  it('write prices through Intl ar-AE and dates on the shop clock with ص / م, both in Latin digits', () => {
    expect(formatPriceIn('ar', 1234.5)).toMatch(/^\u200f?1,234\.50\s*د\.إ\.\u200f?$/);
    expect(formatPriceIn('en', 1234.5)).toBe('Dhs 1234.50');
    // 08:05 UTC is 12:05 in Dubai (after noon); 20:30 UTC is 00:30 the next day (before noon).
    expect(formatArabicDateTime('2026-11-22T08:05:00Z')).toBe('22/11/2026، 12:05 م');
    expect(formatArabicDateTime('2026-11-22T20:30:00Z')).toBe('23/11/2026، 12:30 ص');
    expect(formatArabicDateTime('2026-01-05T03:07:00Z')).toBe('05/01/2026، 7:07 ص');
  });
});
