import { describe, expect, it } from 'vitest';
import { replyMail } from './mails.ts';

const thread = (createdAt: string) => ({
  id: 42,
  kind: 'ticket' as const,
  subject: 'Where is my order?',
  message: 'It has not arrived.',
  orderNumber: null,
  createdAt: new Date(createdAt),
});

const shop = { publicUrl: 'https://shop.test', supportEmail: 'help@shop.test' };

describe('support reply mail', () => {
  it("quotes when the customer wrote in the shop's time, 12-hour with AM/PM, midnight as 12", () => {
    // 20:05 UTC is 00:05 in Dubai.
    const mail = replyMail('a@example.com', 'Alice', thread('2026-09-20T20:05:00Z'), 'On its way.', shop);
    expect(mail.text).toContain('On 21 Sept 2026, 12:05 AM you wrote');
    const afternoon = replyMail('a@example.com', 'Alice', thread('2026-09-21T09:15:00Z'), 'Yes.', shop);
    expect(afternoon.text).toContain('On 21 Sept 2026, 1:15 PM you wrote');
  });
});
