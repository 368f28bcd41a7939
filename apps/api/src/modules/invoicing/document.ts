import type { TaxDocumentType } from '@bookshop/contracts/vat';

/**
 * What an issued tax document says, stored whole when it is issued (decision 085) and the only
 * input of its PDF. Amounts in integer fils, positive on both types; dates as the shop wrote them.
 * Article 59 of the UAE VAT Executive Regulation lists the fields; each is here.
 */
export type TaxDocumentContent = {
  type: TaxDocumentType;
  /** 'Tax Invoice' / 'Tax Credit Note', or 'Invoice' / 'Credit Note' when the shop has no TRN. */
  title: string;
  /** 'فاتورة ضريبية' / 'إشعار دائن ضريبي'; null when the shop is not VAT-registered. */
  arabicTitle: string | null;
  number: string;
  /** ISO instant of issue; `issuedOn` and `suppliedOn` are days on the shop's clock ('2026-11-26'). */
  issuedAt: string;
  issuedOn: string;
  /** The date of supply: when the order was paid (an invoice) or the money went back (a credit note). */
  suppliedOn: string;
  orderNumber: string;
  /** A credit note's invoice number. */
  correctsNumber: string | null;
  /** Why money went back ('Return of 1 book', 'Order cancelled'); null on an invoice. */
  reason: string | null;
  seller: {
    legalName: string;
    address: string;
    /** Null: not VAT-registered (no VAT is shown). */
    trn: string | null;
    /** Printed beside the TRN, e.g. 'Demo — not a valid TRN'; null normally. */
    trnNote: string | null;
  };
  customer: {
    name: string;
    email: string;
    /** The delivery address as at checkout, one line each (street, city, emirate, country). */
    addressLines: string[];
  };
  currency: 'AED';
  /** 0 when not VAT-registered. */
  vatRatePercent: number;
  lines: TaxDocumentLine[];
  netFils: number;
  vatFils: number;
  totalFils: number;
};

/**
 * One line: a book, the delivery fee or the cash-on-delivery fee. `quantity × unitPriceExVatFils −
 * discountExVatFils = netFils` and `netFils + vatFils = totalFils` hold exactly: VAT is taken from
 * the line's gross total (round half up), and the discount absorbs the unit price's rounding.
 */
export type TaxDocumentLine = {
  description: string;
  quantity: number;
  unitPriceExVatFils: number;
  discountExVatFils: number;
  vatRatePercent: number;
  netFils: number;
  vatFils: number;
  totalFils: number;
};
