import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import type { Database, Tx } from '../../platform/db.ts';
import type { Mail } from '../../platform/mailer.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { callAs, createCustomer, createStaff, testBook } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createStockAlertsService } from './service.ts';

/**
 * Back-in-stock alerts on PostgreSQL, where transactions really overlap (decision 082); PGlite runs
 * one at a time, so these mean nothing there.
 *
 * 1. Two staff receive copies of a sold-out book at the same moment, on two instances, and both
 *    instances run jobs at once: each waiting customer gets one e-mail.
 * 2. The claim itself: the notify job runs twice at the same moment on two connection pools (a
 *    job redelivered while it still runs). Each run's mailer waits for the other to reach it
 *    too, so without the claim (alerts read, then deleted) both runs read the same alerts and
 *    both mail; with it the second run waits on the first's deleted rows and finds none.
 */
describe.skipIf(!process.env.DATABASE_URL)('back-in-stock alerts under concurrency (PostgreSQL)', () => {
  const { t, second, smtp } = useTestApp({ secondInstance: true, mail: true });

  it('mails each customer once when two staff receive copies at the same moment', async () => {
    const book = await t.catalogue.createBook(testBook({ title: 'Alert Race Receipts', stockQuantity: 0 }));
    const customers = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
    for (const customer of customers)
      expect((await callAs(t, 'POST', '/api/v1/stock-alerts', customer, { bookId: book })).statusCode).toBe(201);
    const [ana, ben] = [await createStaff(t, RoleName.Supervisor), await createStaff(t, RoleName.Supervisor)];

    const receipts = await Promise.all(
      [
        [t.app, ana],
        [second.app, ben],
      ].map(([app, who]) =>
        (app as typeof t.app).inject({
          method: 'POST',
          url: `/api/v1/books/${book}/stock-movements`,
          headers: (who as typeof ana).headers,
          payload: { delta: 2, reason: 'received' },
        }),
      ),
    );
    expect(receipts.map((res) => res.statusCode)).toEqual([201, 201]);
    for (let round = 0; round < 2; round++) await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]);

    for (const customer of customers) await smtp.nextMail(customer.emailAddress);
    await sleep(200);
    for (const customer of customers)
      expect(
        smtp.mails.filter(
          (mail) => mail.to.includes(customer.emailAddress.toLowerCase()) && mail.subject.includes('Alert Race'),
        ),
      ).toHaveLength(1);
  });

  it('uses an alert up once when the job runs twice at the same moment', async () => {
    const book = await t.catalogue.createBook(testBook({ title: 'Alert Race Job', stockQuantity: 0 }));
    const customers = [await createCustomer(t), await createCustomer(t)];
    for (const customer of customers)
      expect((await callAs(t, 'POST', '/api/v1/stock-alerts', customer, { bookId: book })).statusCode).toBe(201);
    // Copies arrive; the app's own job is left waiting, and two runs of our own race instead.
    const staff = await createStaff(t, RoleName.Supervisor);
    const res = await callAs(t, 'POST', `/api/v1/books/${book}/stock-movements`, staff, {
      delta: 3,
      reason: 'received',
    });
    expect(res.statusCode, res.body).toBe(201);

    const mailed: string[] = [];
    let arrived = 0;
    /** A mailer that holds each run until the other run reaches it too (or 500 ms pass). */
    const racingMailer = {
      async enqueue(_tx: Tx, mail: Mail) {
        arrived++;
        for (let i = 0; i < 20 && arrived < 2; i++) await sleep(25);
        mailed.push(mail.to);
      },
      wake() {},
    };
    const run = (db: Database, catalogue: CatalogueService) =>
      createStockAlertsService({
        db,
        catalogue,
        jobs: { define() {}, enqueue: () => Promise.resolve() },
        mailer: racingMailer,
        publicUrl: 'http://shop.test',
      }).notify({ bookId: book });

    await Promise.all([run(t.db, t.catalogue), run(second.handle.db, second.app.catalogue)]);
    expect(mailed.sort()).toEqual(customers.map((customer) => customer.emailAddress).sort());
  });
});
