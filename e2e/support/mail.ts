import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** Decodes a quoted-printable body enough to read its links. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for the shop to deliver a mail to `to` (the shop writes mail to DATA_DIR/outbox when no
 * SMTP server is configured) and returns the first link in it whose path starts with `pathPrefix`.
 */
export async function waitForMailLink(to: string, pathPrefix: string, timeoutMs = 20_000): Promise<string> {
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
      const links = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"'<>]+/g) ?? [];
      const link = links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No mail to ${to} with a ${pathPrefix} link arrived within ${timeoutMs} ms`);
}
