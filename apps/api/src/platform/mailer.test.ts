import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { startMailCatcher, type MailCatcher } from '../test/mail-catcher.ts';
import { rows, type DatabaseHandle } from './db.ts';
import { createJobs } from './jobs.ts';
import { createMailer, MAX_MAIL_ATTEMPTS, retryDelaySeconds, type Mail } from './mailer.ts';

let database: DatabaseHandle;
let dataDir: string;
const logged: { level: string; data: Record<string, unknown>; message: string }[] = [];
const log = Object.fromEntries(
  ['info', 'warn', 'error', 'debug', 'trace', 'fatal'].map((level) => [
    level,
    (data: Record<string, unknown>, message: string) => logged.push({ level, data, message }),
  ]),
) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-mailer-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await database.db.execute(sql`delete from jobs`);
  logged.length = 0;
});

const config = (smtpUrl?: string) => ({
  smtpUrl,
  mailFrom: 'Bookshop <no-reply@shop.test>',
  supportEmail: 'help@shop.test',
  dataDir,
});
const mail = (to: string, n = 1): Mail => ({
  to,
  subject: `Hello ${n}`,
  text: `Open http://shop.test/page?n=${n}\n`,
  html: `<p>${n}</p>`,
});
const queue = () =>
  rows<{
    recipient: string;
    attempts: number;
    sent: boolean;
    failed: boolean;
    last_error: string | null;
    retry_in: number;
  }>(
    database.db,
    sql`select payload->>'to' as recipient, attempts, done_at is not null as sent, failed_at is not null as failed,
               last_error, extract(epoch from run_at - now())::int as retry_in
        from jobs where kind = 'mail' order by id`,
  );

/** A mailer with its own job worker, as one instance of the app has. */
function mailWorker(mailConfig: ReturnType<typeof config>) {
  const jobs = createJobs({ db: database.db, log });
  const mailer = createMailer({ jobs, config: mailConfig, log });
  return {
    ...mailer,
    start: () => jobs.start(),
    deliverDue: () => jobs.runDue(),
    async stop() {
      await jobs.stop();
      mailer.close();
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the mailer over SMTP', () => {
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher();
  });
  afterAll(() => smtp.close());

  it('sends a mail queued in a committed transaction as soon as it is woken', async () => {
    const mailer = mailWorker(config(smtp.url));
    mailer.start();
    await database.db.transaction((tx) => mailer.enqueue(tx, mail('ada@example.com')));
    mailer.wake();
    const received = await smtp.nextMail('ada@example.com');
    expect(received).toMatchObject({
      subject: 'Hello 1',
      links: ['http://shop.test/page?n=1'],
      // From a no-reply sender; an answer goes to support (SUPPORT_EMAIL).
      replyTo: 'help@shop.test',
    });
    expect(received.raw).toContain('From: Bookshop <no-reply@shop.test>');
    await mailer.stop();
    expect(await queue()).toMatchObject([{ attempts: 1, sent: true, last_error: null }]);
  });

  it('attaches files named in the job and made by their source only when the mail is delivered', async () => {
    const mailer = mailWorker(config(smtp.url));
    const made: string[] = [];
    mailer.registerAttachmentSource('greeting', (ref) => {
      made.push(ref);
      return Promise.resolve({
        filename: `${ref}.txt`,
        contentType: 'text/plain',
        content: Buffer.from(`card ${ref}`),
      });
    });
    await database.db.transaction((tx) =>
      mailer.enqueue(tx, { ...mail('grace@example.com'), attachments: [{ source: 'greeting', ref: 'g-7' }] }),
    );
    expect(made).toEqual([]);
    const [job] = await rows<{ payload: unknown }>(
      database.db,
      sql`select payload from jobs where kind = 'mail' and payload->>'to' = 'grace@example.com'`,
    );
    expect(job!.payload).toMatchObject({ attachments: [{ source: 'greeting', ref: 'g-7' }] });
    expect(await mailer.deliverDue()).toBe(1);
    const received = await smtp.nextMail('grace@example.com');
    expect(received.attachments).toEqual([
      { filename: 'g-7.txt', contentType: 'text/plain', content: Buffer.from('card g-7') },
    ]);
    expect(made).toEqual(['g-7']);
    await mailer.stop();
  });

  it('never sends a mail whose transaction rolled back', async () => {
    const mailer = mailWorker(config(smtp.url));
    await database.db
      .transaction(async (tx) => {
        await mailer.enqueue(tx, mail('ghost@example.com'));
        throw new Error('registration failed');
      })
      .catch(() => undefined);
    expect(await mailer.deliverDue()).toBe(0);
    await mailer.stop();
  });

  it('sends each mail once when several workers run at the same time', async () => {
    const workers = [1, 2, 3].map(() => mailWorker(config(smtp.url)));
    for (let n = 1; n <= 24; n++) await workers[0]!.enqueue(database.db, mail('crowd@example.com', n));
    const tried = await Promise.all(workers.map((worker) => worker.deliverDue()));
    expect(tried.reduce((a, b) => a + b, 0)).toBe(24);
    const subjects = await Promise.all(
      Array.from({ length: 24 }, () => smtp.nextMail('crowd@example.com').then((m) => m.subject)),
    );
    expect(new Set(subjects).size).toBe(24);
    await Promise.all(workers.map((worker) => worker.stop()));
  });
});

describe('a mail server that is down', () => {
  it('delays the mail with backoff and delivers it once the server is back', async () => {
    const port = await freePort();
    const mailer = mailWorker(config(`smtp://127.0.0.1:${port}`));
    await mailer.enqueue(database.db, mail('patient@example.com'));

    expect(await mailer.deliverDue()).toBe(1);
    const [failed] = await queue();
    expect(failed).toMatchObject({
      attempts: 1,
      sent: false,
      failed: false,
      last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    expect(failed!.retry_in).toBeGreaterThan(25);
    expect(logged.some((entry) => entry.level === 'warn' && entry.message.includes('will retry'))).toBe(true);
    // Not due yet: nothing is tried again.
    expect(await mailer.deliverDue()).toBe(0);

    const smtp = await startMailCatcher(port);
    try {
      await database.db.execute(sql`update jobs set run_at = now()`);
      expect(await mailer.deliverDue()).toBe(1);
      expect((await smtp.nextMail('patient@example.com')).subject).toBe('Hello 1');
      expect(await queue()).toMatchObject([{ attempts: 2, sent: true, last_error: null }]);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
  });

  it('marks a mail failed, and keeps it, after the last attempt', async () => {
    const mailer = mailWorker(config(`smtp://127.0.0.1:${await freePort()}`));
    await mailer.enqueue(database.db, mail('unlucky@example.com'));
    await database.db.execute(sql`update jobs set attempts = ${MAX_MAIL_ATTEMPTS - 1}`);
    await mailer.deliverDue();
    expect(await queue()).toMatchObject([{ attempts: MAX_MAIL_ATTEMPTS, sent: false, failed: true }]);
    expect(await mailer.deliverDue()).toBe(0);
    await mailer.stop();
  });

  it('backs off from 30 seconds, doubling, up to an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 30].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
  });

  it('leaves a mail claimed by another worker alone until its claim lapses', async () => {
    const smtp = await startMailCatcher();
    const mailer = mailWorker(config(smtp.url));
    try {
      await mailer.enqueue(database.db, mail('claimed@example.com'));
      await database.db.execute(sql`update jobs set locked_until = now() + interval '1 minute'`);
      expect(await mailer.deliverDue()).toBe(0);
      await database.db.execute(sql`update jobs set locked_until = now() - interval '1 second'`);
      expect(await mailer.deliverDue()).toBe(1);
      expect((await smtp.nextMail('claimed@example.com')).subject).toBe('Hello 1');
    } finally {
      await mailer.stop();
      await smtp.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail to DATA_DIR/outbox and logs its links', async () => {
    const mailer = mailWorker(config());
    await mailer.enqueue(database.db, mail('local@example.com', 7));
    expect(await mailer.deliverDue()).toBe(1);
    await mailer.stop();

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: local@example.com');
    expect(eml).toContain('Subject: Hello 7');
    expect(eml).toContain('Reply-To: help@shop.test');
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'info',
        data: expect.objectContaining({ to: 'local@example.com', links: ['http://shop.test/page?n=7'] }),
      }),
    );
    expect(await queue()).toMatchObject([{ sent: true }]);
  });
});
