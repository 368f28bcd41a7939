import { EMAIL_CONFIRMATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@bookshop/contracts/auth';
import { escapeHtml, htmlTag, type MailLanguage } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';

/** The words of the account mails in each language (decision 094); staff always get English. */
const TEXTS = {
  en: {
    greeting: (name: string) => `Hello ${name},`,
    pasteLink: 'If the button does not work, paste this address into your browser:',
    signOff: '— The Bookshop',
    confirm: {
      subject: 'Confirm your email address',
      line: 'Thanks for registering at the Bookshop. Please confirm that this address is yours by opening the link below.',
      button: 'Confirm my email address',
      footer: `The link works once and expires in ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not register, you can ignore this email.`,
    },
    reset: {
      subject: 'Reset your password',
      line: 'Someone asked to reset the password of your Bookshop account. To choose a new password, open the link below.',
      button: 'Choose a new password',
      footer: `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    },
  },
  ar: {
    greeting: (name: string) => `مرحبًا ${name}،`,
    pasteLink: 'إن لم يعمل الزر، فانسخ هذا العنوان والصقه في متصفحك:',
    signOff: '— فريق Bookshop',
    confirm: {
      subject: 'أكِّد عنوان بريدك الإلكتروني',
      line: 'شكرًا لتسجيلك في Bookshop. يُرجى تأكيد أن هذا العنوان لك بفتح الرابط أدناه.',
      button: 'تأكيد بريدي الإلكتروني',
      footer: `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${EMAIL_CONFIRMATION_TTL_HOURS} ساعة. إن لم تكن قد سجّلت، فتجاهل هذه الرسالة.`,
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور',
      line: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Bookshop. لاختيار كلمة مرور جديدة، افتح الرابط أدناه.',
      button: 'اختيار كلمة مرور جديدة',
      footer: `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${PASSWORD_RESET_TTL_MINUTES} دقيقة. إن لم تطلبه، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.`,
    },
  },
} as const;

function mailWithButton(
  language: MailLanguage,
  kind: 'confirm' | 'reset',
  options: { to: string; name: string; link: string },
): Mail {
  const { to, name, link } = options;
  const texts = TEXTS[language];
  const { subject, line, button, footer } = texts[kind];
  const greeting = texts.greeting(name);
  const text = [greeting, '', line, '', link, '', footer, '', texts.signOff].join('\n');
  const html = `<!doctype html>${htmlTag(language)}<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(texts.pasteLink)}<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
<p>${escapeHtml(texts.signOff)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** `name`: whom the mail greets (platform/mailer.ts greetingName); `link` already in `language`. */
export const confirmEmailMail = (language: MailLanguage, to: string, name: string, link: string): Mail =>
  mailWithButton(language, 'confirm', { to, name, link });

export const resetPasswordMail = (language: MailLanguage, to: string, name: string, link: string): Mail =>
  mailWithButton(language, 'reset', { to, name, link });
