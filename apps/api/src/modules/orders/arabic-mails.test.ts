import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { formatArabicPrice } from '@bookshop/contracts/money';
import type { Order } from '@bookshop/contracts/orders';
import { callAs, createCustomer, createStaff, testBook, type TestAccount } from '../../test/app.ts';
import type { ReceivedMail } from '../../test/mail-catcher.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, fillCart, payOnSandboxPage } from '../checkout/testing.ts';

/**
 * Every mail about an order, to a customer whose preferred language is Arabic (decision 094):
 * Arabic subject and text, an HTML part read right to left, links to the Arabic pages, Arabic
 * titles where a book has one, prices in ar-AE with Latin digits.
 */

const number = (id: number) => `BK-${String(id).padStart(6, '0')}`;

function expectArabic(mail: ReceivedMail, subject: string) {
  expect(mail.subject).toBe(subject);
  expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  expect(mail.text).toContain('مرحبًا ليلى،');
  expect(mail.text).toContain('— فريق Bookshop');
  expect(mail.text).not.toContain('Hello');
}

describe('order mails in Arabic', () => {
  const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' }, quietJobs: true });
  let layla: TestAccount;
  let addressId: number;
  let kalila: number;
  let emma: number;
  let manager: TestAccount;

  beforeAll(async () => {
    kalila = await t.catalogue.createBook(
      testBook({ title: 'Kalila and Dimna', titleAr: 'كليلة ودمنة', priceFils: 4000, stockQuantity: 50 }),
    );
    emma = await t.catalogue.createBook(testBook({ title: 'Emma AR', priceFils: 2550, stockQuantity: 50 }));
    layla = await createCustomer(t, { firstName: 'ليلى', preferredLanguage: 'ar' });
    addressId = await addAddress(t, layla);
    manager = await createStaff(t, RoleName.Admin);
  });

  /** The next mail to Layla with this subject; the ones before it (already checked elsewhere) are skipped. */
  async function mailWith(subject: string) {
    await t.app.jobs.runDue();
    for (;;) {
      const mail = await smtp.nextMail(layla.emailAddress).catch(() => {
        throw new Error(`no mail '${subject}' among ${smtp.mails.map((m) => m.subject).join(' | ')}`);
      });
      if (mail.subject === subject) return mail;
    }
  }

  async function paidOrder() {
    await fillCart(t, layla, { [kalila]: 2, [emma]: 1 });
    const session = await checkout(t, layla, addressId);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    return session.orderId;
  }

  it('confirms a paid order in Arabic, with Arabic titles, ar-AE prices and the invoice attached', async () => {
    const orderId = await paidOrder();
    const mail = await mailWith(`تم تأكيد طلبك ${number(orderId)}`);
    expectArabic(mail, `تم تأكيد طلبك ${number(orderId)}`);
    expect(mail.text).toContain(`شكرًا لطلبك ${number(orderId)}.`);
    expect(formatArabicPrice(80)).toBe('\u200f80.00\u00a0د.إ.\u200f');
    expect(mail.text).toContain(`  2 × كليلة ودمنة — ${formatArabicPrice(80)}`);
    // A book without an Arabic title keeps its English one.
    expect(mail.text).toContain(`  1 × Emma AR — ${formatArabicPrice(25.5)}`);
    expect(mail.text).toContain('إجمالي المدفوع: ‏');
    expect(mail.text).toContain('الإمارات العربية المتحدة');
    expect(mail.attachments).toHaveLength(1);
  });

  it('tells of the parcel, the delivery and each step of a return in Arabic, linking the Arabic pages', async () => {
    const orderId = await paidOrder();
    const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, manager, {
      carrier: 'aramex',
      trackingNumber: '35123456789',
      lines: [{ bookId: kalila, quantity: 2 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    await t.app.jobs.runDue();
    const onItsWay = await mailWith(`طلبك ${number(orderId)} في الطريق إليك`);
    expectArabic(onItsWay, `طلبك ${number(orderId)} في الطريق إليك`);
    expect(onItsWay.text).toContain(`جزء من طلبك ${number(orderId)} في الطريق إليك مع أرامكس`);
    expect(onItsWay.text).toContain('  2 × كليلة ودمنة');
    expect(onItsWay.text).toContain('رقم التتبع: 35123456789');
    expect(onItsWay.links).toContain(`http://shop.test/ar/orders/${orderId}`);
    expect(onItsWay.html).toContain(`<a href="http://shop.test/ar/orders/${orderId}" dir="ltr">`);

    const rest = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, manager, { carrier: 'shop-courier' });
    expect(rest.statusCode, rest.body).toBe(201);
    for (const shipment of rest.json<Order>().shipments) {
      const res = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipment.id}`, manager, {
        status: 'delivered',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.jobs.runDue();
    const secondParcel = smtp.mails.find(
      (mail) => mail.subject === `طلبك ${number(orderId)} في الطريق إليك` && mail !== onItsWay,
    );
    const delivered = await mailWith(`تم توصيل طلبك ${number(orderId)}`);
    expect(secondParcel?.text).toContain('مع مندوب المتجر.');
    expectArabic(delivered, `تم توصيل طلبك ${number(orderId)}`);
    // The review page keeps the English title as its key; the mail shows the Arabic one.
    expect(delivered.text).toContain(
      `  كليلة ودمنة: http://shop.test/ar/reviews/${kalila}/${encodeURIComponent('Kalila and Dimna')}`,
    );
    expect(delivered.links).toContain(`http://shop.test/ar/orders/${orderId}`);

    const asked = await callAs(t, 'POST', `/api/v1/orders/${orderId}/returns`, layla, {
      lines: [{ bookId: kalila, quantity: 1 }],
      reason: 'الغلاف ممزق.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requested = await mailWith(`الإرجاع من طلبك ${number(orderId)}: تم تلقّي الطلب`);
    expectArabic(requested, `الإرجاع من طلبك ${number(orderId)}: تم تلقّي الطلب`);
    expect(requested.links).toEqual([`http://shop.test/ar/orders/${orderId}`]);
    const id = asked.json<Order>().returns[0]!.id;
    expect((await callAs(t, 'PATCH', `/api/v1/returns/${id}`, manager, { status: 'approved' })).statusCode).toBe(200);
    const approved = `الإرجاع من طلبك ${number(orderId)}: تمت الموافقة`;
    expectArabic(await mailWith(approved), approved);
    const received = await callAs(t, 'PATCH', `/api/v1/returns/${id}`, manager, { status: 'received', restock: true });
    expect(received.statusCode, received.body).toBe(200);
    const refunded = await mailWith(`الإرجاع من طلبك ${number(orderId)}: تم استلام الكتب`);
    expectArabic(refunded, `الإرجاع من طلبك ${number(orderId)}: تم استلام الكتب`);
    expect(refunded.text).toContain(`يجري استرداد ${formatArabicPrice(40)} إلى بطاقتك.`);
    // The credit note goes with it.
    expect(refunded.attachments).toHaveLength(1);
  });

  it('cancels and refunds in Arabic, the reason as staff typed it', async () => {
    const orderId = await paidOrder();
    const res = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/status`, manager, {
      status: 3,
      reason: 'Out of print',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailWith(`تم إلغاء طلبك ${number(orderId)} واسترداد المبلغ`);
    expectArabic(mail, `تم إلغاء طلبك ${number(orderId)} واسترداد المبلغ`);
    expect(mail.text).toContain('السبب: Out of print');
    expect(mail.text).toMatch(/نُعيد إليك \u200f\d+\.\d\d\u00a0د\.إ\.\u200f إلى البطاقة/);
  });

  it('confirms a cash-on-delivery order with its fee, and mails the invoice when the cash is collected', async () => {
    await fillCart(t, layla, { [kalila]: 1 });
    const placed = await callAs(t, 'POST', '/api/v1/checkout/create-session', layla, {
      addressId,
      deliveryMethod: 'standard',
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: number }>();
    await t.app.jobs.runDue();
    const confirmation = await mailWith(`تم تأكيد طلبك ${number(orderId)}`);
    expectArabic(confirmation, `تم تأكيد طلبك ${number(orderId)}`);
    expect(confirmation.text).toContain(`رسوم الدفع عند الاستلام: ${formatArabicPrice(10)}`);
    expect(confirmation.text).toContain('المبلغ المستحق نقدًا لمندوب التوصيل: ‏');
    expect(confirmation.text).toContain('التوصيل العادي: ');

    const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, manager, {
      carrier: 'shop-courier',
    });
    const shipmentId = shipped.json<Order>().shipments[0]!.id;
    const done = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipmentId}`, manager, {
      status: 'delivered',
      cashCollected: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.app.jobs.runDue();
    const invoice = await mailWith(`فاتورة طلبك ${number(orderId)}`);
    expectArabic(invoice, `فاتورة طلبك ${number(orderId)}`);
    expect(invoice.text).toMatch(/^شكرًا لدفعك \u200f\d+\.\d\d\u00a0د\.إ\.\u200f لطلبك BK-\d+\.$/m);
    expect(invoice.attachments).toHaveLength(1);
  });
});
