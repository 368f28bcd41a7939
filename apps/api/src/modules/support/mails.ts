import { Routes } from '@bookshop/contracts/routes';
import { formatShopDateTimeInWords } from '@bookshop/contracts/shop-clock';
import { ticketNumber } from '@bookshop/contracts/support';
import type { Mail } from '../../platform/mailer.ts';

/*
 * Support mails are plain text only: they quote what a visitor typed, and text cannot carry
 * markup, links in disguise or tracking pixels, whatever was typed.
 */

type Thread = {
  id: number;
  kind: 'ticket' | 'contact';
  subject: string;
  message: string;
  orderNumber: string | null;
  createdAt: Date;
};

/** A header holds one line: line breaks typed into a subject become spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** Where links in the mails point, and support's mailbox (SUPPORT_EMAIL, also the mails' Reply-To). */
export type ShopAddresses = { publicUrl: string; supportEmail: string };

/**
 * Where the author follows the thread: a customer on /account, a guest by mail to support (or the
 * contact form). The sender is a no-reply address, so the mail names where to write instead.
 */
function followUp(thread: Thread, { publicUrl, supportEmail }: ShopAddresses): string {
  const number = ticketNumber(thread.id);
  return thread.kind === 'ticket'
    ? `You can read the whole conversation and write to us on your account page: ${publicUrl}${Routes.account}#support`
    : `To write to us again, mail ${supportEmail} or use ${publicUrl}${Routes.contactUs}, and quote ${number}.`;
}

/** `name`: the customer's first name, or the name the contact form was given. */
export function acknowledgementMail(to: string, name: string, thread: Thread, shop: ShopAddresses): Mail {
  const number = ticketNumber(thread.id);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for contacting the Bookshop. We have received your message and will answer by e-mail, usually within one working day. Your ticket number is ${number}.`,
    '',
    followUp(thread, shop),
    '',
    'Your message:',
    '',
    `Subject: ${thread.subject}`,
    ...(thread.orderNumber ? [`Order: ${thread.orderNumber}`] : []),
    '',
    thread.message,
    '',
    '— The Bookshop',
  ].join('\n');
  return { to, subject: `We received your message [${number}]: ${oneLine(thread.subject)}`, text };
}

export function replyMail(to: string, name: string, thread: Thread, reply: string, shop: ShopAddresses): Mail {
  const number = ticketNumber(thread.id);
  const text = [
    `Hello ${name},`,
    '',
    reply,
    '',
    '— Bookshop Support',
    '',
    followUp(thread, shop),
    '',
    `On ${formatShopDateTimeInWords(thread.createdAt)} you wrote (${number}, "${oneLine(thread.subject)}"):`,
    '',
    quote(thread.message),
  ].join('\n');
  return { to, subject: `Re: ${oneLine(thread.subject)} [${number}]`, text };
}
