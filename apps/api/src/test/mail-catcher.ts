import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  subject: string;
  /** The Reply-To header as sent ('' when there is none). */
  replyTo: string;
  text: string;
  html: string;
  links: string[];
  /** Parts sent as attachments, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
};

export type MailCatcher = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The next mail to `to` not returned before; waits for it up to `timeoutMs`. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** A real SMTP server in this process, so tests receive mail the way a mailbox would. */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    nextMail(to, timeoutMs = 5000) {
      const find = () => mails.find((mail) => !taken.has(mail) && mail.to.includes(to.toLowerCase()));
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's output: headers, multipart/alternative, quoted-printable and base64. */
function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'replyTo' | 'text' | 'html' | 'links' | 'attachments'> {
  const { headers, body } = splitPart(raw);
  let text = '';
  let html = '';
  const attachments: ReceivedMail['attachments'] = [];
  const collect = (part: { headers: Record<string, string>; body: string }) => {
    const type = part.headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const piece of part.body.split(`--${boundary}`).slice(1)) {
        if (!piece.startsWith('--')) collect(splitPart(piece.replace(/^\r?\n/, '')));
      }
      return;
    }
    const disposition = part.headers['content-disposition'] ?? '';
    if (disposition.startsWith('attachment')) {
      attachments.push({
        filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
        contentType: type.split(';')[0]!.trim(),
        content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64'),
      });
      return;
    }
    const decoded = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit');
    if (type.startsWith('text/html')) html = decoded;
    else if (type.startsWith('text/plain')) text = decoded;
  };
  collect({ headers, body });
  return {
    subject: decodeWords(headers.subject ?? ''),
    replyTo: headers['reply-to'] ?? '',
    text,
    html,
    links: text.match(/https?:\/\/\S+/g) ?? [],
    attachments,
  };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** A header's RFC 2047 encoded words ('=?UTF-8?B?…?='), as nodemailer writes a subject that is not ASCII. */
const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBody(data.replaceAll('_', ' '), 'quoted-printable'),
    );

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}
