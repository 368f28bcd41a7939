import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** Quoted-printable text as the UTF-8 it encodes (`underscores` for a header's encoded word). */
function fromQuotedPrintable(text: string, underscores = false): string {
  const bytes: number[] = [];
  const flat = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    const hex = flat[i] === '=' ? flat.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(underscores && flat[i] === '_' ? ' ' : flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A mail as a person reads it, enough for its subject, links and text: headers' encoded words
 * (an Arabic subject) and each part's base64 or quoted-printable body decoded from UTF-8.
 */
function decodeMail(raw: string): string {
  const headersDecoded = raw.replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=(?:\r?\n?[ \t]+(?==\?utf-8\?))?/gi,
    (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : fromQuotedPrintable(text, true),
  );
  return headersDecoded.replace(
    /(Content-Transfer-Encoding: (base64|quoted-printable)\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, head: string, encoding: string, body: string) =>
      head +
      (encoding.toLowerCase() === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : fromQuotedPrintable(body)),
  );
}

/**
 * Waits until a mail to `to` for which `find` answers something is in the outbox (the shop writes
 * mail to DATA_DIR/outbox when no SMTP server is configured); `find` sees each mail decoded,
 * newest first.
 */
async function waitForMailTo<T>(
  to: string,
  find: (mail: string) => T | undefined,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const outbox = inject('outboxDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
      const found = find(decodeMail(raw));
      if (found !== undefined) return found;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No mail to ${to} ${what} arrived within ${timeoutMs} ms`);
}

/** The first link, in the newest mail to `to` that has one, whose path starts with `pathPrefix`. */
export function waitForMailLink(to: string, pathPrefix: string, timeoutMs = 20_000): Promise<string> {
  return waitForMailTo(
    to,
    (mail) =>
      (mail.match(/https?:\/\/[^\s"'<>]+/g) ?? []).find((link) => new URL(link).pathname.startsWith(pathPrefix)),
    `with a ${pathPrefix} link`,
    timeoutMs,
  );
}

/** The newest mail to `to` whose subject starts with `subjectPrefix`, headers and body decoded. */
export function waitForMail(to: string, subjectPrefix: string, timeoutMs = 20_000): Promise<string> {
  return waitForMailTo(
    to,
    (mail) =>
      new RegExp(`^Subject: ${subjectPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail)
        ? mail
        : undefined,
    `with a subject starting "${subjectPrefix}"`,
    timeoutMs,
  );
}
