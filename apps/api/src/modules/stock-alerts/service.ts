import { bookPath } from '@bookshop/contracts/routes';
import { StockAlertMessages, type StockAlertList } from '@bookshop/contracts/stock-alerts';
import type { Database, Tx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { pageUrl, textMail, titleIn, type MailLanguage, type Recipient } from '../../platform/mail-language.ts';
import type { Mail } from '../../platform/mailer.ts';
import { mailRecipient } from '../auth/accounts-service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { lockStock, type StockChange } from '../catalogue/stock-service.ts';
import * as queries from './queries.ts';

/**
 * Back-in-stock alerts (issue 22, decision 082). A customer asks about a sold-out book; when the
 * book goes from no copies to some, the catalogue's stock service tells `restocked` inside the
 * transaction that made the change, which queues one `stock-alerts.notify` job per book. The job
 * claims (deletes) the book's alerts and queues each customer's e-mail in one transaction, so an
 * alert is used up once however many times the job runs.
 */
export const STOCK_ALERTS_JOB = 'stock-alerts.notify';
type NotifyJob = { bookId: number };

type Deps = {
  db: Database;
  catalogue: Pick<CatalogueService, 'getBooksByIds'>;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  publicUrl: string;
};

/** The words of the back-in-stock mail in each language (decision 094). */
const TEXTS = {
  en: {
    subject: StockAlertMessages.backInStock,
    hello: (name: string) => `Hello ${name},`,
    goodNews: (title: string) => `Good news: ${title} is back in stock, as you asked us to tell you.`,
    oneTime: 'Copies go quickly; this was a one-time message, so ask again on the book page if you miss it.',
    signOff: '— The Bookshop',
  },
  ar: {
    subject: (title: string) => `عاد ${title} إلى المخزون`,
    hello: (name: string) => `مرحبًا ${name}،`,
    goodNews: (title: string) => `خبر سار: عاد ${title} إلى المخزون، كما طلبت أن نُعلمك.`,
    oneTime: 'النسخ تنفد سريعًا؛ وهذه رسالة لمرة واحدة، فاطلب التنبيه مجددًا من صفحة الكتاب إن فاتتك.',
    signOff: '— فريق Bookshop',
  },
} satisfies Record<MailLanguage, unknown>;

function backInStockMail(
  { emailAddress, name, language }: Recipient,
  book: { title: string; titleAr: string | null },
  publicUrl: string,
): Mail {
  const texts = TEXTS[language];
  const title = titleIn(language, book);
  const text = [
    texts.hello(name),
    '',
    texts.goodNews(title),
    '',
    // The book page's key is its English title in both languages (decision 089).
    pageUrl(publicUrl, bookPath(book.title), language),
    '',
    texts.oneTime,
    '',
    texts.signOff,
  ].join('\n');
  return textMail(language, { to: emailAddress, subject: texts.subject(title), text });
}

export function createStockAlertsService({ db, catalogue, jobs, mailer, publicUrl }: Deps) {
  /** The job: if the book is still shown and in stock, uses up its alerts and queues their e-mails. */
  async function notify({ bookId }: NotifyJob): Promise<void> {
    const queued = await db.transaction(async (tx) => {
      const [book] = await catalogue.getBooksByIds([bookId], { tx });
      // Sold out (or hidden) again before the job ran: the alerts wait for the next time.
      if (!book || book.stockQuantity <= 0) return false;
      const customers = await queries.claimAlerts(tx, bookId);
      for (const customerId of customers) {
        const recipient = await mailRecipient(customerId, { tx });
        if (!recipient) continue;
        await mailer.enqueue(tx, backInStockMail(recipient, book, publicUrl));
      }
      return customers.length > 0;
    });
    if (queued) mailer.wake();
  }
  jobs.define<NotifyJob>(STOCK_ALERTS_JOB, notify);

  return {
    /** The job's work, for the test that runs it twice at once. */
    notify,

    /**
     * Asks to be told about a sold-out book: true when new, false when already asked; 404 for a
     * book not shown, 409 for one in stock. The book's row is locked first, as `moveStock` locks
     * it, so a restock either sees this alert or this request sees the restock.
     */
    async create(customerId: number, bookId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockStock(tx, [{ bookId, quantity: 1 }]);
        const [book] = await catalogue.getBooksByIds([bookId], { tx });
        if (!book) throw notFound(StockAlertMessages.bookNotFound);
        if (book.stockQuantity > 0) throw conflict(StockAlertMessages.inStock);
        return queries.insertAlert(tx, customerId, bookId);
      });
    },

    /** The customer's waiting alerts with their books' titles, newest first. */
    async list(customerId: number): Promise<StockAlertList> {
      const alerts = await queries.listAlerts(db, customerId);
      const books = await catalogue.getBooksByIds(
        alerts.map((alert) => alert.bookId),
        { includeHidden: true },
      );
      const titles = new Map(books.map((book) => [book.id, book.title]));
      return alerts.flatMap((alert) => {
        const title = titles.get(alert.bookId);
        return title === undefined ? [] : [{ bookId: alert.bookId, title, createdAt: alert.createdAt.toISOString() }];
      });
    },

    async remove(customerId: number, bookId: number): Promise<void> {
      if (!(await queries.deleteAlert(db, customerId, bookId))) throw notFound(StockAlertMessages.noAlert);
    },

    /**
     * The stock service's restock listener, in the transaction of the change: one job per book
     * someone waits for (one unfinished job per book: a second restock before it runs adds none).
     */
    async restocked(tx: Tx, changes: StockChange[]): Promise<void> {
      const awaited = await queries.booksAwaited(
        tx,
        changes.map((change) => change.bookId),
      );
      for (const bookId of awaited)
        await jobs.enqueue(tx, STOCK_ALERTS_JOB, { bookId } satisfies NotifyJob, {
          key: `${STOCK_ALERTS_JOB}:${bookId}`,
        });
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
