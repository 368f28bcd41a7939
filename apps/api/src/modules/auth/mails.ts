import { EMAIL_CONFIRMATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@bookshop/contracts/auth';
import type { Mail } from '../../platform/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mailWithButton(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  button: string;
  link: string;
  footer: string;
}): Mail {
  const { to, subject, greeting, lines, button, link, footer } = options;
  const text = [greeting, '', ...lines, '', link, '', footer, '', '— The Bookshop'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
<p>— The Bookshop</p>
</body></html>`;
  return { to, subject, text, html };
}

/** `name`: whom the mail greets (platform/mailer.ts greetingName). */
export function confirmEmailMail(to: string, name: string, link: string): Mail {
  return mailWithButton({
    to,
    subject: 'Confirm your email address',
    greeting: `Hello ${name},`,
    lines: [
      'Thanks for registering at the Bookshop. Please confirm that this address is yours by opening the link below.',
    ],
    button: 'Confirm my email address',
    link,
    footer: `The link works once and expires in ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not register, you can ignore this email.`,
  });
}

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  return mailWithButton({
    to,
    subject: 'Reset your password',
    greeting: `Hello ${name},`,
    lines: [
      'Someone asked to reset the password of your Bookshop account. To choose a new password, open the link below.',
    ],
    button: 'Choose a new password',
    link,
    footer: `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  });
}
