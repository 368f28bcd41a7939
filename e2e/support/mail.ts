import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** Decodes a quoted-printable body enough to read its links and ASCII text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
      const found = find(decodeQuotedPrintable(raw));
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
