import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arabicCopies, arabicMessage } from './arabic-messages.ts';
import { CartMessages } from './cart.ts';
import { CheckoutMessages } from './checkout.ts';
import { DeliveryMessages, DeliveryMethodCode, deliveryAreaText, deliveryCountriesText } from './delivery.ts';
import { AddressMessages } from './addresses.ts';
import { formatPrice } from './money.ts';

// Every module of the package, so a messages object added anywhere is held to the table too.
const files = readdirSync(import.meta.dirname).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const modules = Object.fromEntries(
  await Promise.all(files.map(async (file) => [file, (await import(`./${file}`)) as Record<string, unknown>] as const)),
);

type Message = string | ((...args: never[]) => string);
const messageObjects = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name]) => /Messages$/.test(name))
    .map(([name, value]) => ({ file, name, messages: value as Record<string, Message> })),
);

const ARABIC = /[\u0600-\u06FF]/;

/** Sample arguments the Arabic must quote as they are (Arabic words 'one' and 'two' copies aside). */
const kept = (arg: unknown) =>
  typeof arg === 'number' ? arg > 2 : typeof arg === 'string' && (arg.includes('Dune') || arg.includes('@'));

/**
 * Arguments each message made by a function is tried with: both plural forms of English and
 * Arabic's one, two, few and many. A new function message fails the test until it is listed here.
 */
const SAMPLES: Record<string, unknown[][]> = {
  'BookAdminMessages.jsonField': [['authors']],
  'SupportMessages.ticketCreated': [['T-000042']],
  'CartMessages.outOfStock': [['Dune']],
  'CartMessages.notEnoughStock': [
    ['Dune', 1],
    ['Dune', 2],
    ['The "Best" Book', 5],
    ['Dune', 11],
  ],
  'CartMessages.lineNotEnoughStock': [[1], [2], [7], [40]],
  'CartMessages.linePriceChanged': [[formatPrice(49.99), formatPrice(39.5)]],
  'AuthMessages.userNameTaken': [['reader42']],
  'AuthMessages.emailNotConfirmed': [['a@example.com']],
  'AuthMessages.googleEmailMismatch': [['g@gmail.com', 'a@example.com']],
  'CheckoutMessages.notEnoughStock': [
    ['Dune', 0],
    ['Dune', 1],
    ['Dune', 3],
  ],
  'CheckoutMessages.bookUnavailable': [['Dune']],
  'TaxDocumentMessages.downloadCreditNote': [['CN-2026-000001']],
  'StockAlertMessages.backInStock': [['Dune']],
  'Messages.emailAlreadyRegistered': [['a@example.com']],
  'FulfilmentMessages.lineNotInOrder': [[12]],
  'FulfilmentMessages.lineTooMany': [
    ['Dune', 1],
    ['Dune', 4],
  ],
  'ReturnMessages.lineNotInOrder': [[12]],
  'ReturnMessages.lineTooMany': [
    ['Dune', 0],
    ['Dune', 1],
    ['Dune', 2],
  ],
  'DeliveryMessages.notOffered': [
    [DeliveryMessages.nextDayName, deliveryAreaText(DeliveryMethodCode.NextDay)],
    [DeliveryMessages.standardName, deliveryAreaText(DeliveryMethodCode.Standard)],
  ],
  'DeliveryMessages.outsideZones': [[deliveryCountriesText()]],
  'StockMessages.belowZero': [
    ['Dune', 1],
    ['Dune', 3],
  ],
  'StockMessages.stockChanged': [[5, 3]],
  'AddressMessages.phoneInvalid': [['AE'], ['SA']],
};

describe('the Arabic of the contracts’ messages', () => {
  it('finds the messages objects of the package', () => {
    const names = messageObjects.map((object) => object.name);
    expect(names).toEqual(expect.arrayContaining(['Messages', 'CartMessages', 'AddressMessages', 'TestModeMessages']));
    expect(names.length).toBeGreaterThanOrEqual(24);
  });

  it('has Arabic for every message of every exported messages object', () => {
    const missing: string[] = [];
    for (const { name, messages } of messageObjects) {
      for (const [key, message] of Object.entries(messages)) {
        const id = `${name}.${key}`;
        if (typeof message === 'string') {
          const arabic = arabicMessage(message);
          if (!arabic || !ARABIC.test(arabic)) missing.push(`${id}: ${message}`);
          continue;
        }
        const samples = SAMPLES[id];
        if (!samples) {
          missing.push(`${id}: a function without samples`);
          continue;
        }
        for (const args of samples) {
          const english = (message as (...a: unknown[]) => string)(...args);
          const arabic = arabicMessage(english);
          if (!arabic || !ARABIC.test(arabic)) missing.push(`${id}: ${english}`);
          // The parts the English is made of come through: a title, an e-mail address, a number.
          for (const arg of args.filter(kept)) {
            if (arabic && !arabic.includes(String(arg))) missing.push(`${id}: ${arabic} lacks ${String(arg)}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives one English text one Arabic, whichever object it is in', () => {
    expect(arabicMessage(CartMessages.bookNotFound)).toBe('هذا الكتاب غير موجود.');
    expect(arabicMessage(AddressMessages.notFound)).toBe(arabicMessage(CheckoutMessages.addressNotFound));
  });

  it('translates templated messages by their pattern, numbers and names kept', () => {
    expect(arabicMessage(CartMessages.notEnoughStock('Dune', 2))).toBe('المتوفر من "Dune" نسختان فقط.');
    expect(arabicMessage(CartMessages.notEnoughStock('Dune', 1))).toBe('المتوفر من "Dune" نسخة واحدة فقط.');
    expect(arabicMessage(CartMessages.lineNotEnoughStock(7))).toBe('لم يتبقَّ إلا 7 نسخ. خفّض الكمية لمتابعة الدفع.');
    expect(arabicMessage(CheckoutMessages.notEnoughStock('Dune', 0))).toBe('نفدت كمية "Dune".');
    expect(arabicMessage(CartMessages.linePriceChanged(formatPrice(49.99), formatPrice(39.5)))).toBe(
      'تغيّر السعر من 49.99 درهم إلى 39.50 درهم منذ أن أضفته.',
    );
    expect(arabicMessage(AddressMessages.phoneInvalid('AE'))).toBe('أدخل رقم هاتف صالحًا في الإمارات العربية المتحدة.');
    expect(arabicMessage(DeliveryMessages.outsideZones(deliveryCountriesText()))).toBe(
      'لا نوصّل إلا إلى العناوين في الإمارات العربية المتحدة. اختر عنوانًا آخر.',
    );
  });

  it('translates a message joined from two, sentence by sentence', () => {
    const joined = `${DeliveryMessages.notOffered(DeliveryMessages.nextDayName, 'Dubai, Sharjah and Ajman')} ${DeliveryMessages.emirateMissing}`;
    expect(arabicMessage(joined)).toBe(
      'لا يُتاح التوصيل في اليوم التالي إلا للعناوين في دبي، الشارقة وعجمان. اختر الإمارة في هذا العنوان إن كان في إحداها.',
    );
  });

  it('knows nothing of other text', () => {
    expect(arabicMessage('Invalid input: expected string')).toBeUndefined();
    expect(arabicMessage('')).toBeUndefined();
    expect(arabicMessage(`${CartMessages.quantityMin} Something else.`)).toBeUndefined();
  });

  it('counts copies with Arabic plurals', () => {
    expect([0, 1, 2, 3, 10, 11, 100, 103].map(arabicCopies)).toEqual([
      '0 نسخة',
      'نسخة واحدة',
      'نسختان',
      '3 نسخ',
      '10 نسخ',
      '11 نسخة',
      '100 نسخة',
      '103 نسخ',
    ]);
  });
});
