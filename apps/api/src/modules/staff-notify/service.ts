import { orderNumber } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import type { Database, Tx } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail } from '../../platform/mailer.ts';
import * as queries from './queries.ts';

/**
 * Staff are told what needs them (issue 22, decision 079): each event is a row written in the
 * transaction that causes it, and a job at the next whole minute mails every unsent row to
 * STAFF_NOTIFY_EMAIL, so staff get at most one e-mail a minute however busy the shop is: a paid
 * order, a cash-on-delivery order placed, a return asked for.
 */
export const StaffEventKind = {
  OrderPaid: 'order.paid',
  CashOrder: 'order.cash-on-delivery',
  ReturnRequested: 'return.requested',
} as const;
export type StaffEventKind = (typeof StaffEventKind)[keyof typeof StaffEventKind];

export type StaffEvent = {
  kind: StaffEventKind;
  /** The order it is about: its number and staff link head the line. */
  orderId: number;
  /** What happened, after the order number: 'paid Dhs 55.00: 2 books, Standard Delivery to Dubai'. */
  summary: string;
};

export const STAFF_NOTIFY_JOB = 'staff-notify.send';
/** At most one e-mail to staff per this many seconds. */
export const STAFF_NOTIFY_INTERVAL_SECONDS = 60;
const INTERVAL_MS = STAFF_NOTIFY_INTERVAL_SECONDS * 1000;

type Deps = {
  db: Database;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  mailer: { enqueue(tx: Tx, mail: Mail): Promise<void>; wake(): void };
  /** Unset: nothing is recorded and nobody is mailed. */
  staffNotifyEmail: string | undefined;
  publicUrl: string;
};

const orderLink = (publicUrl: string, orderId: number) =>
  `${publicUrl}${Routes.adminOrder.replace(':id', String(orderId))}`;

/** The subject of a digest of one kind: one event, or how many. */
const SUBJECTS: Record<StaffEventKind, { one: (orderId: number) => string; many: (n: number) => string }> = {
  [StaffEventKind.OrderPaid]: {
    one: (id) => `New paid order ${orderNumber(id)}`,
    many: (n) => `${n} new paid orders`,
  },
  [StaffEventKind.CashOrder]: {
    one: (id) => `New cash-on-delivery order ${orderNumber(id)}`,
    many: (n) => `${n} new cash-on-delivery orders`,
  },
  [StaffEventKind.ReturnRequested]: {
    one: (id) => `Return requested for ${orderNumber(id)}`,
    many: (n) => `${n} new return requests`,
  },
};

/** One e-mail for every event in `rows`, oldest first. */
function digestMail(to: string, rows: queries.StaffNotificationRow[]): Mail {
  const kinds = new Set(rows.map((row) => row.kind));
  const only = kinds.size === 1 ? SUBJECTS[rows[0]!.kind as StaffEventKind] : undefined;
  const subject = !only
    ? `${rows.length} new things for the shop`
    : rows.length === 1
      ? only.one(rows[0]!.orderId ?? 0)
      : only.many(rows.length);
  const text = ['New since the last e-mail:', '', ...rows.flatMap((row) => [row.line, '']), '— The Bookshop'].join(
    '\n',
  );
  return { to, subject, text };
}

export function createStaffNotify(deps: Deps) {
  const { db, jobs, mailer, staffNotifyEmail, publicUrl } = deps;

  /** Mails every unsent event in one e-mail, in one transaction: a job that runs twice mails them once. */
  async function send(): Promise<void> {
    if (!staffNotifyEmail) return;
    const queued = await db.transaction(async (tx) => {
      const rows = await queries.lockUnsent(tx);
      if (rows.length === 0) return false;
      await mailer.enqueue(tx, digestMail(staffNotifyEmail, rows));
      await queries.markSent(
        tx,
        rows.map((row) => row.id),
      );
      return true;
    });
    if (queued) mailer.wake();
  }
  jobs.define(STAFF_NOTIFY_JOB, send);

  return {
    /**
     * Records the event in `tx` and makes sure a send waits for the next whole minute: events of
     * the same minute share its job (one key per minute), so sends are a minute apart at least,
     * and an event written while a send runs gets the next minute's, never a job already taken.
     */
    async record(tx: Tx, event: StaffEvent): Promise<void> {
      if (!staffNotifyEmail) return;
      const line = `${orderNumber(event.orderId)} ${event.summary}\n${orderLink(publicUrl, event.orderId)}`;
      await queries.insertNotification(tx, { kind: event.kind, orderId: event.orderId, line });
      const minute = Math.floor(Date.now() / INTERVAL_MS) + 1;
      await jobs.enqueue(
        tx,
        STAFF_NOTIFY_JOB,
        {},
        {
          key: `${STAFF_NOTIFY_JOB}:${minute}`,
          runAt: new Date(minute * INTERVAL_MS),
        },
      );
    },
  };
}

export type StaffNotify = ReturnType<typeof createStaffNotify>;
