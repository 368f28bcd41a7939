import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { mailQueue } from '../modules/mail/schema.ts';
import type { Config } from './config.ts';
import { rows, type Database, type Tx } from './db.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** How often idle workers look for due mails (retries, or mails queued by another instance). */
const POLL_INTERVAL_MS = 5_000;
/** A claimed mail is invisible to other workers this long; longer than the worst SMTP timeout below. */
const CLAIM_LEASE_SECONDS = 300;
const BATCH_SIZE = 10;
/** 30 s, 1 min, 2 min … capped at 1 h: about a day of retries before a mail is marked failed. */
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;
export const MAX_MAIL_ATTEMPTS = 30;

export const retryDelaySeconds = (attempts: number) =>
  Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);

type QueuedMail = {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};

type Transport = { deliver(mail: QueuedMail): Promise<void>; close(): void };

export type Mailer = ReturnType<typeof createMailer>;

/**
 * E-mail through a queue table: `enqueue` inside the transaction that causes the mail, `wake`
 * after it commits. Delivery claims due rows with FOR UPDATE SKIP LOCKED, so any number of
 * instances can run the worker and each mail is sent by one of them; a failed delivery is
 * retried with backoff, so a mail server that is down delays mail but never loses it.
 * With SMTP_URL mail goes out over SMTP; without, it is written to DATA_DIR/outbox/ as .eml
 * and its links are logged, so local set-ups can follow them.
 */
export function createMailer(options: {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = options;
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport(config.dataDir, config.mailFrom, log);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;

  async function claimDue(): Promise<QueuedMail[]> {
    return rows<QueuedMail>(
      db,
      sql`update mail_queue set locked_until = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS}), attempts = attempts + 1
          where id in (
            select id from mail_queue
            where sent_at is null and failed_at is null and next_attempt_at <= now()
              and (locked_until is null or locked_until <= now())
            order by next_attempt_at, id
            limit ${BATCH_SIZE}
            for update skip locked)
          returning id, recipient, subject, text_body, html_body, attempts`,
    );
  }

  async function deliver(mail: QueuedMail) {
    try {
      await transport.deliver(mail);
      await db.execute(
        sql`update mail_queue set sent_at = now(), locked_until = null, last_error = null where id = ${mail.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= MAX_MAIL_ATTEMPTS) {
        log.error(
          { mailId: mail.id, attempts: mail.attempts, err: error },
          'mail delivery failed for good; the row stays in mail_queue',
        );
        await db.execute(
          sql`update mail_queue set failed_at = now(), locked_until = null, last_error = ${message} where id = ${mail.id}`,
        );
        return;
      }
      const delay = retryDelaySeconds(mail.attempts);
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, retryInSeconds: delay, err: error },
        'mail delivery failed; will retry',
      );
      await db.execute(
        sql`update mail_queue set next_attempt_at = now() + make_interval(secs => ${delay}), locked_until = null, last_error = ${message}
            where id = ${mail.id}`,
      );
    }
  }

  /** Delivers everything due now; returns how many mails it tried. */
  async function deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await claimDue();
      if (batch.length === 0) return tried;
      await Promise.all(batch.map(deliver));
      tried += batch.length;
    }
  }

  /** One worker pass at a time per instance; a wake during a pass runs one more pass after it. */
  function run(): Promise<void> {
    if (running) {
      runAgain = true;
      return running;
    }
    running = (async () => {
      do {
        runAgain = false;
        try {
          await deliverDue();
        } catch (error) {
          log.error({ err: error }, 'mail worker pass failed');
        }
      } while (runAgain);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    /** Queues a mail in `tx`; it is sent only if that transaction commits. */
    async enqueue(tx: Tx, mail: Mail): Promise<void> {
      await tx
        .insert(mailQueue)
        .values({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null });
    },
    /** Asks the worker to deliver now rather than at its next poll; call after the enqueuing commit. */
    wake(): void {
      if (timer) void run();
    },
    deliverDue,
    /** Waits for the pass in progress, if any (tests use it to observe a delivery). */
    idle: () => running ?? Promise.resolve(),
    start(): void {
      if (timer) return;
      timer = setInterval(() => void run(), POLL_INTERVAL_MS);
      timer.unref();
      void run();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
      transport.close();
    },
  };
}

function smtpTransport(url: string, from: string): Transport {
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
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
      });
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(dataDir: string, from: string, log: FastifyBaseLogger): Transport {
  const outbox = path.join(dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = await composer.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text_body.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.recipient, subject: mail.subject, file, links }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => composer.close(),
  };
}

/** The app's mailer; its worker runs while the app does. */
export function registerMailer(app: FastifyInstance, options: { db: Database; config: Config }): Mailer {
  const mailer = createMailer({ ...options, log: app.log });
  app.addHook('onReady', (done) => {
    mailer.start();
    done();
  });
  app.addHook('onClose', () => mailer.stop());
  return mailer;
}
