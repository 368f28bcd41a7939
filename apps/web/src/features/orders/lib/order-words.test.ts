import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_NAMES, CancelReasons, TaxDocumentMessages } from '@bookshop/contracts/orders';
import { FULFILMENT_EVENT_NAMES, FULFILMENT_STATUS_NAMES } from '@bookshop/contracts/fulfilment';
import { RETURN_STATUS_NAMES, ReturnMessages } from '@bookshop/contracts/returns';
import { DeliveryMessages } from '@bookshop/contracts/delivery';
import { ReviewMessages } from '@bookshop/contracts/reviews';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n } from '../../../lib/i18n/i18n.tsx';

/*
 * English pages show the contracts' words (the API's and the spec's); the orders catalogue repeats
 * some of them so Arabic pages can say them too. These must not drift apart.
 */
const en = createI18n('en', allMessages('en'));
const t = (id: string, values?: Record<string, string | number>) => en._(id, values);

describe('the orders catalogue in English', () => {
  it("words the API's names as the contracts do", () => {
    expect(Object.values(ORDER_STATUS_NAMES).map((name) => t(`orders.status.${name.toLowerCase()}`))).toEqual(
      Object.values(ORDER_STATUS_NAMES),
    );
    expect(t('orders.fulfilment.unfulfilled')).toBe(FULFILMENT_STATUS_NAMES.unfulfilled);
    expect(t('orders.fulfilment.packed')).toBe(FULFILMENT_EVENT_NAMES.packed);
    expect(t('orders.fulfilment.partiallyShipped')).toBe(FULFILMENT_STATUS_NAMES['partially-shipped']);
    expect(t('orders.fulfilment.shipped')).toBe(FULFILMENT_EVENT_NAMES.shipped);
    expect(t('orders.fulfilment.delivered')).toBe(FULFILMENT_EVENT_NAMES.delivered);
    for (const [status, name] of Object.entries(RETURN_STATUS_NAMES)) expect(t(`orders.return.${status}`)).toBe(name);
    expect(t('orders.delivery.standard')).toBe(DeliveryMessages.standardName);
    expect(t('orders.delivery.nextDay')).toBe(DeliveryMessages.nextDayName);
  });

  it("words the shop's messages as the contracts do", () => {
    for (const [key, reason] of Object.entries(CancelReasons))
      expect(t(`orders.cancelReason.${key}`, { minutes: 30 })).toBe(reason);
    expect(t('orders.documents.invoice')).toBe(TaxDocumentMessages.downloadInvoice);
    expect(t('orders.documents.creditNote', { number: 'CN-1' })).toBe(TaxDocumentMessages.downloadCreditNote('CN-1'));
    expect(t('orders.documents.failed')).toBe(TaxDocumentMessages.downloadFailed);
    expect(t('orders.returns.reasonLength', { min: 10, max: 500 })).toBe(ReturnMessages.reason);
    for (const key of ['bookNotFound', 'notPurchased', 'created', 'updated', 'deleted'] as const)
      expect(t(`reviews.page.${key}`)).toBe(ReviewMessages[key]);
  });
});
