import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import type { Tx } from './db.ts';
import { exponentialBackoff, type Jobs } from './jobs.ts';

export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

/**
 * A file a mail carries, named rather than included: the job's payload stays small JSON, and the
 * file is made when the mail is delivered by the source a module registered under `source`
 * (`registerAttachmentSource`), from `ref` (e.g. an issued invoice's id). Platform knows no module.
 */
export type MailAttachment = { source: string; ref: string };
export type ResolvedAttachment = { filename: string; contentType: string; content: Buffer };
type AttachmentSource = (ref: string) => Promise<ResolvedAttachment>;

/** Whom a mail greets ('Hello Layla,'): an account's first name, else (staff have none) its user name. */
export const greetingName = (account: { firstName: string | null; userName: string }): string =>
  account.firstName?.trim() || account.userName;

/** The job kind that delivers one mail. */
const MAIL_JOB = 'mail';
/** With the backoff below (30 s, 1 min, 2 min … capped at 1 h), about a day of retries. */
export const MAX_MAIL_ATTEMPTS = 30;
export const retryDelaySeconds = exponentialBackoff;

/** A mail ready to go: its attachments made. */
type OutgoingMail = Omit<Mail, 'attachments'> & { attachments: ResolvedAttachment[] };
type Transport = { deliver(mail: OutgoingMail, id: number): Promise<void>; close(): void };

export type Mailer = ReturnType<typeof createMailer>;

/**
 * E-mail as the job kind `mail` (platform/jobs.ts): `enqueue` inside the transaction that causes
 * the mail, `wake` after it commits. A failed delivery is retried with backoff, so a mail server
 * that is down delays mail but never loses it.
 * With SMTP_URL mail goes out over SMTP; without, it is written to DATA_DIR/outbox/ as .eml
 * and its links are logged, so local set-ups can follow them.
 * Every mail is sent from MAIL_FROM (a no-reply address) with a Reply-To of SUPPORT_EMAIL, so a
 * customer who answers a mail reaches support (decision 071).
 */
export function createMailer(options: {
  jobs: Jobs;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'supportEmail' | 'dataDir'>;
  log: FastifyBaseLogger;
}) {
  const { jobs, config, log } = options;
  const sender = { from: config.mailFrom, replyTo: config.supportEmail };
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, sender)
    : outboxTransport(config.dataDir, sender, log);
  const sources = new Map<string, AttachmentSource>();
  jobs.define<Mail>(
    MAIL_JOB,
    async ({ attachments = [], ...mail }, job) => {
      const made = await Promise.all(
        attachments.map(({ source, ref }) => {
          const make = sources.get(source);
          // Retried like any failed delivery: the module may register its source after start-up.
          if (!make) throw new Error(`mail attachment source '${source}' is not registered`);
          return make(ref);
        }),
      );
      await transport.deliver({ ...mail, attachments: made }, job.id);
    },
    { maxAttempts: MAX_MAIL_ATTEMPTS, retryDelaySeconds },
  );

  return {
    /** Queues a mail in `tx`; it is sent only if that transaction commits. */
    async enqueue(tx: Tx, mail: Mail): Promise<void> {
      await jobs.enqueue(tx, MAIL_JOB, {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length && { attachments: mail.attachments }),
      });
    },
    /** Makes the files of the attachments naming `source`, when their mail is delivered. */
    registerAttachmentSource(source: string, make: AttachmentSource): void {
      sources.set(source, make);
    },
    /** Asks the worker to deliver now rather than at its next poll; call after the enqueuing commit. */
    wake: () => jobs.wake(),
    /** Closes the SMTP connection; the job worker must have stopped. */
    close: () => transport.close(),
  };
}

/** Who a mail is from, and where an answer to it goes. */
type Sender = { from: string; replyTo: string };

function smtpTransport(url: string, sender: Sender): Transport {
  const transporter = nodemailer.createTransport({
    url,
    // Fail fast rather than hold a claim: the mail is retried later anyway.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async deliver(mail) {
      await transporter.sendMail({
        ...sender,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(dataDir: string, sender: Sender, log: FastifyBaseLogger): Transport {
  const outbox = path.join(dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail, id) {
      const info = await composer.sendMail({
        ...sender,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${id}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => composer.close(),
  };
}

/** The app's mailer, delivering through the app's job queue. */
export function registerMailer(app: FastifyInstance, options: { jobs: Jobs; config: Config }): Mailer {
  const mailer = createMailer({ ...options, log: app.log });
  app.addHook('onClose', () => mailer.close());
  return mailer;
}
