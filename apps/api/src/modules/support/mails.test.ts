import { describe, expect, it } from 'vitest';
import { acknowledgementMail, replyMail } from './mails.ts';

const thread = (createdAt: string) => ({
  id: 42,
  kind: 'ticket' as const,
  subject: 'Where is my order?',
  message: 'It has not arrived.',
  orderNumber: null,
  createdAt: new Date(createdAt),
});

const shop = { publicUrl: 'https://shop.test', supportEmail: 'help@shop.test' };
const alice = { emailAddress: 'a@example.com', name: 'Alice', language: 'en' as const };
const layla = { emailAddress: 'l@example.com', name: 'ليلى', language: 'ar' as const };

describe('support reply mail', () => {
  it("quotes when the customer wrote in the shop's time, 12-hour with AM/PM, midnight as 12", () => {
    // 20:05 UTC is 00:05 in Dubai.
    const mail = replyMail(alice, thread('2026-09-20T20:05:00Z'), 'On its way.', shop);
    expect(mail.text).toContain('On 21 Sept 2026, 12:05 AM you wrote');
    const afternoon = replyMail(alice, thread('2026-09-21T09:15:00Z'), 'Yes.', shop);
    expect(afternoon.text).toContain('On 21 Sept 2026, 1:15 PM you wrote');
  });

  it('writes to an Arabic reader in Arabic, right to left, with the date in Arabic and links to the Arabic pages', () => {
    const mail = replyMail(layla, thread('2026-09-21T09:15:00Z'), 'طلبك في الطريق.', shop);
    expect(mail.subject).toBe('رد: Where is my order? [ST-000042]');
    expect(mail.text).toContain('مرحبًا ليلى،');
    expect(mail.text).toContain('في 21 سبتمبر 2026، 1:15 م كتبت (ST-000042، «Where is my order?»):');
    expect(mail.text).toContain('https://shop.test/ar/account#support');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<a href="https://shop.test/ar/account#support" dir="ltr">');
  });

  it("keeps a visitor's words as text in the Arabic HTML: escaped, never markup", () => {
    const contact = {
      ...thread('2026-09-21T09:15:00Z'),
      kind: 'contact' as const,
      message: '<img src=x onerror=alert(1)>',
    };
    const mail = acknowledgementMail(layla, contact, shop);
    expect(mail.subject).toBe('تلقّينا رسالتك [ST-000042]: Where is my order?');
    expect(mail.text).toContain('https://shop.test/ar/contact-us');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img');
  });

  it('leaves an English mail plain text, as it always was', () => {
    expect(replyMail(alice, thread('2026-09-21T09:15:00Z'), 'Yes.', shop)).not.toHaveProperty('html');
  });
});
