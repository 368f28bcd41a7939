import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { PersonType } from '../packages/contracts/src/enums.ts';
import { insertAccount } from '../apps/api/src/modules/auth/queries.ts';
import { createAccessTokens } from '../apps/api/src/platform/auth.ts';
import { openPostgres, type DatabaseHandle } from '../apps/api/src/platform/db.ts';
import { startSession } from '../apps/api/src/modules/auth/sessions-service.ts';
import { silentLog } from './dashboard.ts';

/**
 * The checkout scenario: `customers` customers, each with the same book in their cart, press
 * 'Proceed to Payment' at once while only `copies` copies are left. Repeated `rounds` times with
 * the stock put back between rounds. Reports create-session latency over every call and checks
 * the outcome a shop cares about: exactly `copies` sessions per round, the rest refused with 409,
 * never a 5xx.
 */

export type CheckoutMeasurement = {
  scenario: 'checkout';
  description: string;
  rounds: number;
  warmupRounds: number;
  calls: number;
  createdPerRound: number[];
  warmupCreatedPerRound: number[];
  refused: number;
  otherStatuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU the server used per create-session call during the rounds: 50 calls at once end no sooner than 50 of these. */
  serverCpuMsPerCall: number;
  loadAverage: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

export async function measureCheckout(options: {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  customers?: number;
  copies?: number;
  rounds?: number;
  /** Rounds played before the measured ones, with their outcome checked but not timed (as many as measured). */
  warmupRounds?: number;
  log: (line: string) => void;
  /** CPU milliseconds the server has used so far. */
  serverCpuMs: () => Promise<number>;
}): Promise<CheckoutMeasurement> {
  const { port, customers = 50, copies = 5, rounds = 20, warmupRounds = rounds, log } = options;
  const base = `http://127.0.0.1:${port}`;
  const handle = await openPostgres(options.databaseUrl, 2);
  const tokens = createAccessTokens(options.jwtSecret);
  try {
    const { rows } = await handle.pool.query<{ id: number; title: string }>(
      'select id, title from books order by id limit 1',
    );
    const book = rows[0];
    if (!book) throw new Error('the bench database has no books');

    // Customers straight into the database (no sign-up mail, no login rate limits), with tokens
    // signed by the server's own secret: the scenario measures checkout, not logging in.
    const run = randomBytes(4).toString('hex');
    const buyers = await Promise.all(
      Array.from({ length: customers }, async (_, n) => {
        const account = await insertAccount(handle.db, {
          personType: PersonType.Customer,
          role: null,
          emailAddress: `bench-buyer-${run}-${n}@example.com`,
          userName: `bench-buyer-${run}-${n}`,
          firstName: 'Bench',
          lastName: 'Buyer',
          passwordHash: 'not-a-login',
          emailConfirmedAt: new Date(),
        });
        // A live session: access tokens end with their refresh-token family.
        const { accessToken: token } = await startSession(
          { db: handle.db, accessTokens: tokens, log: silentLog },
          account,
        );
        return { id: account.id, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
      }),
    );
    await setStock(handle, book.id, customers);
    const addressIds = await Promise.all(
      buyers.map(async (buyer) => {
        const address = await post(base, '/api/v1/customers-addresses', buyer.headers, {
          address: '1 Sheikh Zayed Road',
          country: 'AE',
          city: 'Dubai',
          phoneNo: '+971501234567',
          zipCode: '',
          isMain: true,
        });
        if (address.status !== 201) throw new Error(`adding an address answered ${address.status}: ${address.body}`);
        const cart = await post(base, '/api/v1/cart', buyer.headers, { bookId: book.id, quantity: 1 });
        if (cart.status !== 200 && cart.status !== 201) throw new Error(`adding to the cart answered ${cart.status}`);
        return (JSON.parse(address.body) as { id: number }).id;
      }),
    );

    // One round: last round's winners hold an open checkout, which an unchanged cart would answer
    // again (decision 057), so they are ended first and every round is 50 new checkouts.
    const playRound = async () => {
      await handle.pool.query(
        `update orders set status = 3, cancelled_at = now() where customer_id = any($1) and status = 1`,
        [buyers.map((buyer) => buyer.id)],
      );
      await setStock(handle, book.id, copies);
      return Promise.all(
        buyers.map(async (buyer, n) => {
          const started = performance.now();
          const answer = await post(base, '/api/v1/checkout/create-session', buyer.headers, {
            addressId: addressIds[n],
            deliveryMethod: 'standard',
          });
          return { status: answer.status, ms: performance.now() - started };
        }),
      );
    };

    const latencies: number[] = [];
    const createdPerRound: number[] = [];
    const warmupCreatedPerRound: number[] = [];
    const otherStatuses: Record<string, number> = {};
    let refused = 0;
    // The first `warmupRounds` are a warm-up, as every other scenario has one (3 s at full load,
    // thousands of requests): the first rounds after a start run the checkout path before V8 has
    // compiled it. With no warm-up the first two rounds alone were the slowest 1 % of calls; after
    // 3 rounds a call still took 2.7 ms of CPU, after 20 (as many as are measured) 2.3-2.4 ms.
    // Their outcome is checked all the same: exactly `copies` sessions, nothing but 409 besides.
    let serverCpuMs = 0;
    for (let round = 0; round < warmupRounds + rounds; round++) {
      const measured = round >= warmupRounds;
      const cpuBefore = await options.serverCpuMs();
      const answers = await playRound();
      const created = answers.filter(({ status }) => status === 201).length;
      (measured ? createdPerRound : warmupCreatedPerRound).push(created);
      for (const { status } of answers)
        if (status !== 201 && status !== 409) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
      if (!measured) continue;
      serverCpuMs += (await options.serverCpuMs()) - cpuBefore;
      latencies.push(...answers.map(({ ms }) => ms));
      refused += answers.filter(({ status }) => status === 409).length;
    }
    log(
      `checkout: ${warmupRounds} warm-up and ${rounds} measured rounds of ${customers} buyers for ${copies} copies of "${book.title}"`,
    );
    const sorted = latencies.sort((a, b) => a - b);
    return {
      scenario: 'checkout',
      description: `POST /api/v1/checkout/create-session, ${customers} customers at once for ${copies} copies`,
      rounds,
      warmupRounds,
      calls: sorted.length,
      createdPerRound,
      warmupCreatedPerRound,
      refused,
      otherStatuses,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? 0,
      serverCpuMsPerCall: serverCpuMs / Math.max(1, sorted.length),
      loadAverage: os.loadavg()[0]!,
    };
  } finally {
    await handle.close();
  }
}

/**
 * The buyers' client: node's own HTTP, with a kept connection per buyer. Not `fetch`, whose WHATWG
 * streams and headers cost this process five times the CPU a call, on the two cores the server
 * and PostgreSQL share with it, while it times every call of a round (decision 122).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function post(base: string, path: string, headers: Record<string, string>, body: unknown) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Sets the bench book's stock between rounds, with the `correction` the ledger needs to keep adding up (decision 077). */
async function setStock(handle: DatabaseHandle, bookId: number, copies: number) {
  await handle.db.execute(
    sql`insert into stock_movements (book_id, delta, reason, stock_after, note)
        select id, ${copies} - stock_quantity, 'correction', ${copies}, 'bench round' from books
        where id = ${bookId} and stock_quantity <> ${copies}`,
  );
  await handle.db.execute(sql`update books set stock_quantity = ${copies} where id = ${bookId}`);
}
