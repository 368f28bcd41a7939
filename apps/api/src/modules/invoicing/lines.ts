import { COD_FEE_LABEL } from '@bookshop/contracts/checkout';
import { splitGross, sumSplits } from '@bookshop/contracts/vat';
import type { TaxDocumentLine } from './document.ts';

/**
 * The lines of a tax document from what was sold (decision 085). Prices are VAT-inclusive: each
 * line's VAT is taken out of its gross total by the contracts' rule (half up, in fils), so a
 * document's totals are the sums of its lines and add up to the fils.
 */

/** One thing sold: `unitPaidFils` is the VAT-inclusive unit price after its discount. */
export type SoldLine = { description: string; quantity: number; unitPriceFils: number; unitPaidFils: number };

/**
 * A line with its VAT. The unit price excluding VAT is the list price's net, rounded half up (or
 * raised to the line's net when that rounding fell short); the discount excluding VAT is what
 * remains, so `quantity × unitPriceExVat − discountExVat = net` exactly and the discount is never
 * negative.
 */
export function taxLine(line: SoldLine, vatRatePercent: number): TaxDocumentLine {
  const { grossFils, vatFils, netFils } = splitGross(line.unitPaidFils * line.quantity, vatRatePercent);
  const denominator = 10_000 + Math.round(vatRatePercent * 100);
  let unitPriceExVatFils = Math.floor((2 * line.unitPriceFils * 10_000 + denominator) / (2 * denominator));
  if (unitPriceExVatFils * line.quantity < netFils) unitPriceExVatFils = Math.ceil(netFils / line.quantity);
  return {
    description: line.description,
    quantity: line.quantity,
    unitPriceExVatFils,
    discountExVatFils: unitPriceExVatFils * line.quantity - netFils,
    vatRatePercent,
    netFils,
    vatFils,
    totalFils: grossFils,
  };
}

/** What an order's invoice lists: each book, then the delivery fee and the cash-on-delivery fee when charged. */
export type SoldOrder = {
  items: { title: string; quantity: number; priceFils: number; discountedPriceFils: number }[];
  deliveryMethodName: string;
  deliveryFeeFils: number;
  codFeeFils: number;
};

export function orderLines(order: SoldOrder): SoldLine[] {
  const fee = (description: string, fils: number): SoldLine[] =>
    fils > 0 ? [{ description, quantity: 1, unitPriceFils: fils, unitPaidFils: fils }] : [];
  return [
    ...order.items.map((item) => ({
      description: item.title,
      quantity: item.quantity,
      unitPriceFils: item.priceFils,
      unitPaidFils: item.discountedPriceFils,
    })),
    ...fee(order.deliveryMethodName, order.deliveryFeeFils),
    ...fee(COD_FEE_LABEL, order.codFeeFils),
  ];
}

/** The lines with their VAT and the document's totals (sums of the lines). */
export function taxLines(lines: SoldLine[], vatRatePercent: number) {
  const taxed = lines.map((line) => taxLine(line, vatRatePercent));
  const totals = sumSplits(taxed.map((l) => ({ grossFils: l.totalFils, vatFils: l.vatFils, netFils: l.netFils })));
  return { lines: taxed, netFils: totals.netFils, vatFils: totals.vatFils, totalFils: totals.grossFils };
}
