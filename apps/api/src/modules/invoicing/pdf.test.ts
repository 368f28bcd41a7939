import { getMeta } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/pdf-text.ts';
import type { TaxDocumentContent, TaxDocumentLine } from './document.ts';
import { renderTaxDocumentPdf } from './pdf.ts';
import { visualPieces } from './pdf-text-layout.ts';

/** A line whose figures hold together as the VAT rule makes them (net + VAT = total, 5%). */
const line = (description: string, quantity: number, unit: number, discount: number, vat: number): TaxDocumentLine => {
  const netFils = quantity * unit - discount;
  return {
    description,
    quantity,
    unitPriceExVatFils: unit,
    discountExVatFils: discount,
    vatRatePercent: 5,
    netFils,
    vatFils: vat,
    totalFils: netFils + vat,
  };
};

const LONG_TITLE =
  'The Complete Annotated Edition of a Very Long Book Title, With Commentary, Maps, Letters and an Index That Goes On';

function invoice(overrides: Partial<TaxDocumentContent> = {}): TaxDocumentContent {
  const lines = [
    line('Dune', 2, 4762, 200, 466),
    line(LONG_TITLE, 1, 9524, 0, 476),
    line('كتاب الأدب العربي', 1, 952, 0, 48),
    line('Delivery', 1, 1429, 0, 71),
  ];
  return {
    type: 'invoice',
    title: 'Tax Invoice',
    arabicTitle: 'فاتورة ضريبية',
    number: 'INV-2026-000042',
    issuedAt: '2026-11-26T08:30:00.000Z',
    issuedOn: '2026-11-26',
    suppliedOn: '2026-11-25',
    orderNumber: 'BK-1042',
    correctsNumber: null,
    reason: null,
    seller: {
      legalName: 'Bookshop Trading LLC',
      address: 'Office 12, Al Wasl Road, Dubai, United Arab Emirates',
      trn: '100123456700003',
      trnNote: 'Demo — not a valid TRN',
    },
    customer: {
      name: 'محمد العلي',
      email: 'mohammed@example.com',
      addressLines: ['شارع الوصل 12، فيلا 4', 'Jumeirah 1', 'Dubai', 'United Arab Emirates'],
    },
    currency: 'AED',
    vatRatePercent: 5,
    lines,
    netFils: lines.reduce((sum, l) => sum + l.netFils, 0),
    vatFils: lines.reduce((sum, l) => sum + l.vatFils, 0),
    totalFils: lines.reduce((sum, l) => sum + l.totalFils, 0),
    ...overrides,
  };
}

/** Extracted text with each run of whitespace (line ends included) as one space. */
const flat = async (pdf: Buffer): Promise<string> => (await pdfText(pdf)).replace(/\s+/g, ' ');

afterEach(() => {
  vi.useRealTimers();
});

describe('renderTaxDocumentPdf', () => {
  it('shows every field article 59 asks of a tax invoice', async () => {
    const pdf = await renderTaxDocumentPdf(invoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await flat(pdf);

    expect(text).toContain('Tax Invoice');
    expect(text).toContain('فاتورة ضريبية');
    expect(text).toContain('Bookshop Trading LLC');
    expect(text).toContain('Office 12, Al Wasl Road, Dubai, United Arab Emirates');
    expect(text).toContain('TRN 100123456700003 (Demo — not a valid TRN)');
    expect(text).toContain('Invoice number INV-2026-000042');
    expect(text).toContain('Date of issue 2026-11-26');
    expect(text).toContain('Date of supply 2026-11-25');
    expect(text).toContain('Order number BK-1042');
    expect(text).toContain('Currency AED');
    expect(text).toContain('Jumeirah 1 Dubai United Arab Emirates mohammed@example.com');

    expect(text).toContain('Description Qty Unit price excl. VAT Discount VAT rate VAT Total incl. VAT');
    // Per line: description, quantity, unit price excl. VAT, discount, VAT rate, VAT, total incl. VAT.
    expect(text).toContain('Dune 2 47.62 2.00 5% 4.66 97.90');
    expect(text).toContain(`${LONG_TITLE} 1 95.24 0.00 5% 4.76 100.00`);
    expect(text).toContain('كتاب');
    expect(text).toContain('1 9.52 0.00 5% 0.48 10.00');
    expect(text).toContain('Delivery 1 14.29 0.00 5% 0.71 15.00');

    expect(text).toContain('Total excl. VAT (AED) 212.29');
    expect(text).toContain('VAT 5% (AED) 10.61');
    expect(text).toContain('Total incl. VAT (AED) 222.90');
    expect(text).toContain('INV-2026-000042 · Page 1 of 1');
    expect(await pdfPageCount(pdf)).toBe(1);
  });

  it('keeps a customer name written in Arabic whole, in reading order', async () => {
    const text = await flat(await renderTaxDocumentPdf(invoice()));
    expect(text).toContain('Customer محمد العلي');
    expect(text).toContain('شارع الوصل');
  });

  it('names the invoice a credit note corrects, and why', async () => {
    const content = invoice({
      type: 'credit-note',
      title: 'Tax Credit Note',
      arabicTitle: 'إشعار دائن ضريبي',
      number: 'CN-2026-000003',
      issuedAt: '2026-12-02T10:00:00.000Z',
      issuedOn: '2026-12-02',
      suppliedOn: '2026-12-02',
      correctsNumber: 'INV-2026-000042',
      reason: 'Return of 1 book',
      customer: {
        name: 'Łukasz Żółć-Müller',
        email: 'lukasz@example.com',
        addressLines: ['Villa 4, شارع الوصل', 'Dubai'],
      },
      lines: [line('Dune', 1, 4762, 100, 233)],
      netFils: 4662,
      vatFils: 233,
      totalFils: 4895,
    });
    const text = await flat(await renderTaxDocumentPdf(content));

    expect(text).toContain('Tax Credit Note');
    expect(text).toContain('إشعار دائن ضريبي');
    expect(text).toContain('Credit note number CN-2026-000003');
    expect(text).toContain('Date of issue 2026-12-02');
    expect(text).toContain('Date of supply 2026-12-02');
    expect(text).toContain('Corrects invoice INV-2026-000042');
    expect(text).toContain('Reason Return of 1 book');
    expect(text).toContain('Dune 1 47.62 1.00 5% 2.33 48.95');
    expect(text).toContain('Total excl. VAT (AED) 46.62');
    expect(text).toContain('VAT 5% (AED) 2.33');
    expect(text).toContain('Total incl. VAT (AED) 48.95');
    expect(text).not.toContain('Invoice number');
    // Letters beyond Latin-1 come from the Latin Extended font, in the same line.
    expect(text).toContain('Customer Łukasz Żółć-Müller Villa 4,');
  });

  it("titles an unregistered shop's document 'Invoice' and shows no VAT", async () => {
    const lines = [{ ...line('Dune', 2, 5000, 0, 0), vatRatePercent: 0 }];
    const content = invoice({
      title: 'Invoice',
      arabicTitle: null,
      seller: { legalName: 'Bookshop Trading LLC', address: 'Dubai', trn: null, trnNote: null },
      vatRatePercent: 0,
      lines,
      netFils: 10000,
      vatFils: 0,
      totalFils: 10000,
    });
    const text = await flat(await renderTaxDocumentPdf(content));

    expect(text).toContain('Invoice number INV-2026-000042');
    expect(text).toContain('Description Qty Unit price Discount Total');
    expect(text).toContain('Dune 2 50.00 0.00 100.00');
    expect(text).toContain('Total (AED) 100.00');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('فاتورة');
    expect(text).not.toContain('TRN');
    expect(text).not.toContain('VAT');
  });

  it('continues a long table on new pages, its header on each', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line(`Book ${String(i + 1).padStart(2, '0')}: ${i % 7 === 0 ? LONG_TITLE : 'A Title'}`, 1, 4762, 0, 238),
    );
    const content = invoice({
      lines,
      netFils: 60 * 4762,
      vatFils: 60 * 238,
      totalFils: 60 * 5000,
    });
    const pdf = await renderTaxDocumentPdf(content);
    const pages = await pdfPageCount(pdf);
    const text = await flat(pdf);

    expect(pages).toBeGreaterThanOrEqual(2);
    for (let i = 1; i <= 60; i += 1) expect(text).toContain(`Book ${String(i).padStart(2, '0')}:`);
    expect(text.split('Total incl. VAT (AED)')).toHaveLength(2);
    expect(text.split('Description Qty')).toHaveLength(pages + 1);
    expect(text).toContain(`INV-2026-000042 · Page ${pages} of ${pages}`);
    expect(text).toContain('Total incl. VAT (AED) 3000.00');
  });

  it('gives the same bytes whenever it is rendered, dated the moment of issue', async () => {
    const first = await renderTaxDocumentPdf(invoice());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-01T12:00:00Z'));
    const again = await renderTaxDocumentPdf(invoice());

    expect(again.equals(first)).toBe(true);
    const { info } = await getMeta(new Uint8Array(first));
    expect(info).toMatchObject({ CreationDate: 'D:20261126083000Z', ModDate: 'D:20261126083000Z' });
    const other = await renderTaxDocumentPdf(invoice({ issuedAt: '2026-11-26T08:30:01.000Z' }));
    expect(other.equals(first)).toBe(false);
  });
});

/** The pieces of a line, left to right as drawn, without the spaces between them. */
const drawn = (text: string): string[] =>
  visualPieces(text, 'regular')
    .map((p) => p.text.trim())
    .filter(Boolean);

describe('visualPieces', () => {
  it('orders an Arabic line right to left, its numbers left to right', () => {
    expect(drawn('شارع الوصل 12، فيلا 4')).toEqual(['4', 'فيلا', '،', '12', 'الوصل', 'شارع']);
    expect(drawn('12345 شارع')).toEqual(['شارع', '12345']);
  });

  it('keeps a Latin line left to right, an Arabic phrase in it right to left', () => {
    expect(drawn('Villa 4, شارع الوصل')).toEqual(['Villa 4,', 'الوصل', 'شارع']);
    expect(drawn('Plain Latin 12.50')).toEqual(['Plain Latin 12.50']);
  });

  it('mirrors brackets between Arabic words', () => {
    expect(drawn('محمد (أبو علي) العلي')).toEqual(['العلي', '(', 'علي', 'أبو', ')', 'محمد']);
  });
});
