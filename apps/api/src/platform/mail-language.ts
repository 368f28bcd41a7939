import type { PreferredLanguage } from '@bookshop/contracts/auth';
import { filsToAed, formatPriceIn } from '@bookshop/contracts/money';
import { arabicPath } from '@bookshop/contracts/routes';
import type { Mail } from './mailer.ts';

/*
 * What every customer mail needs to be written in the customer's language (decision 094). The
 * words of each mail are in its module's table, one entry per language; the rules shared by all
 * of them (links, prices, titles, the HTML of a right-to-left mail) are here.
 */

export type MailLanguage = PreferredLanguage;

/** Whom a customer mail goes to, the name it greets them by, and the language it is written in. */
export type Recipient = { emailAddress: string; name: string; language: MailLanguage };

/** A storefront page in the mail's language: '/orders/7' is 'https://shop/ar/orders/7' in Arabic. */
export const pageUrl = (publicUrl: string, path: string, language: MailLanguage) =>
  `${publicUrl}${language === 'ar' ? arabicPath(path) : path}`;

/** 'Dhs 12.50', or '‏12.50 د.إ.‏' in Arabic (the contracts' rule, as on the storefront's pages). */
export const moneyIn = (language: MailLanguage, fils: number) => formatPriceIn(language, filsToAed(fils));

/** A book's title in the mail's language: the Arabic title when the book has one (decision 090). */
export const titleIn = (language: MailLanguage, book: { title: string; titleAr?: string | null }) =>
  (language === 'ar' && book.titleAr) || book.title;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The opening tag of a mail's HTML: Arabic mails read right to left; English ones keep the tag they always had. */
export const htmlTag = (language: MailLanguage) => (language === 'ar' ? '<html lang="ar" dir="rtl">' : '<html>');

/** An address, without the punctuation that may follow it in a sentence. */
const LINK = /https?:\/\/[^\s<>"]*[^\s<>".,،؛:;!?)]/g;

/** Text as HTML, line for line; an address becomes a link to itself (never a link in disguise), left to right. */
function textAsHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" dir="ltr">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * A plain-text mail in its language. An English one is the text alone, as it always was; an Arabic
 * one also carries the same text as HTML in `<html lang="ar" dir="rtl">`, because a plain-text part
 * has no direction and many mail clients would show Arabic lines left-aligned.
 */
export function textMail(language: MailLanguage, mail: Omit<Mail, 'html'>): Mail {
  if (language === 'en') return mail;
  const html = `<!doctype html>${htmlTag(language)}<head><meta charset="utf-8"></head><body style="font-family:Tahoma,Arial,sans-serif;color:#1f2937;line-height:1.6">
<div style="white-space:pre-wrap">${textAsHtml(mail.text)}</div>
</body></html>`;
  return { ...mail, html };
}
