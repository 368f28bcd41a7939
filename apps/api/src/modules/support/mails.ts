import { Routes } from '@bookshop/contracts/routes';
import { formatDateTimeInWordsIn } from '@bookshop/contracts/shop-clock';
import { ticketNumber } from '@bookshop/contracts/support';
import { pageUrl, textMail, type MailLanguage, type Recipient } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';

/*
 * Support mails are plain text: they quote what a visitor typed, and text cannot carry markup,
 * links in disguise or tracking pixels, whatever was typed. An Arabic one also carries that text as
 * escaped HTML, only to read right to left (platform/mail-language.ts).
 */

type Thread = {
  id: number;
  kind: 'ticket' | 'contact';
  subject: string;
  message: string;
  orderNumber: string | null;
  createdAt: Date;
};

/** The words of the support mails in each language (decision 094). */
const TEXTS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    signOff: '— The Bookshop',
    supportSignOff: '— Bookshop Support',
    received: (number: string) =>
      `Thank you for contacting the Bookshop. We have received your message and will answer by e-mail, usually within one working day. Your ticket number is ${number}.`,
    yourMessage: 'Your message:',
    subjectLine: (subject: string) => `Subject: ${subject}`,
    orderLine: (order: string) => `Order: ${order}`,
    followTicket: (url: string) => `You can read the whole conversation and write to us on your account page: ${url}`,
    followContact: (supportEmail: string, url: string, number: string) =>
      `To write to us again, mail ${supportEmail} or use ${url}, and quote ${number}.`,
    youWrote: (when: string, number: string, subject: string) => `On ${when} you wrote (${number}, "${subject}"):`,
    acknowledgementSubject: (number: string, subject: string) => `We received your message [${number}]: ${subject}`,
    replySubject: (number: string, subject: string) => `Re: ${subject} [${number}]`,
  },
  ar: {
    hello: (name: string) => `مرحبًا ${name}،`,
    signOff: '— فريق Bookshop',
    supportSignOff: '— فريق دعم Bookshop',
    received: (number: string) =>
      `شكرًا لتواصلك مع Bookshop. تلقّينا رسالتك وسنرد عليك بالبريد الإلكتروني، عادةً خلال يوم عمل واحد. رقم تذكرتك ${number}.`,
    yourMessage: 'رسالتك:',
    subjectLine: (subject: string) => `الموضوع: ${subject}`,
    orderLine: (order: string) => `الطلب: ${order}`,
    followTicket: (url: string) => `يمكنك قراءة المحادثة كاملة ومراسلتنا من صفحة حسابك: ${url}`,
    followContact: (supportEmail: string, url: string, number: string) =>
      // Nothing after the address: a mail client would take a following comma into the link.
      `لمراسلتنا مجددًا، اكتب إلى ${supportEmail} أو استخدم نموذج التواصل واذكر الرقم ${number}: ${url}`,
    youWrote: (when: string, number: string, subject: string) => `في ${when} كتبت (${number}، «${subject}»):`,
    acknowledgementSubject: (number: string, subject: string) => `تلقّينا رسالتك [${number}]: ${subject}`,
    replySubject: (number: string, subject: string) => `رد: ${subject} [${number}]`,
  },
} satisfies Record<MailLanguage, unknown>;

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
function followUp(language: MailLanguage, thread: Thread, { publicUrl, supportEmail }: ShopAddresses): string {
  const texts = TEXTS[language];
  return thread.kind === 'ticket'
    ? texts.followTicket(`${pageUrl(publicUrl, Routes.account, language)}#support`)
    : texts.followContact(supportEmail, pageUrl(publicUrl, Routes.contactUs, language), ticketNumber(thread.id));
}

/** `name`: the customer's first name, or the name the contact form was given. */
export function acknowledgementMail(
  { emailAddress, name, language }: Recipient,
  thread: Thread,
  shop: ShopAddresses,
): Mail {
  const texts = TEXTS[language];
  const number = ticketNumber(thread.id);
  const text = [
    texts.hello(name),
    '',
    texts.received(number),
    '',
    followUp(language, thread, shop),
    '',
    texts.yourMessage,
    '',
    texts.subjectLine(thread.subject),
    ...(thread.orderNumber ? [texts.orderLine(thread.orderNumber)] : []),
    '',
    thread.message,
    '',
    texts.signOff,
  ].join('\n');
  return textMail(language, {
    to: emailAddress,
    subject: texts.acknowledgementSubject(number, oneLine(thread.subject)),
    text,
  });
}

export function replyMail(
  { emailAddress, name, language }: Recipient,
  thread: Thread,
  reply: string,
  shop: ShopAddresses,
): Mail {
  const texts = TEXTS[language];
  const number = ticketNumber(thread.id);
  const text = [
    texts.hello(name),
    '',
    reply,
    '',
    texts.supportSignOff,
    '',
    followUp(language, thread, shop),
    '',
    texts.youWrote(formatDateTimeInWordsIn(language, thread.createdAt), number, oneLine(thread.subject)),
    '',
    quote(thread.message),
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: texts.replySubject(number, oneLine(thread.subject)), text });
}
