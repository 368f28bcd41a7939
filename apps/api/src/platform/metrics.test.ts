import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, testBook, type TestApp } from '../test/app.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

let open: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

async function scrape(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The value of one sample, e.g. `sample(text, 'http_requests_total', { route: '/x' })`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers in the Prometheus text format with process metrics', async () => {
    const res = await scrape(open);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // prom-client counts CPU from when the collector was created: a scrape right after start may read 0.
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await open.catalogue.createBook(testBook({ title: 'Counted Book' }));
    for (const title of ['Counted%20Book', 'Counted%20Book', 'Nobody%20Wrote%20This']) {
      await open.app.inject({ method: 'GET', url: `/api/v1/books/${title}` });
    }
    for (let i = 0; i < 3; i++) await open.app.inject({ method: 'GET', url: `/probe-${i}/${'x'.repeat(i)}` });

    const text = (await scrape(open)).body;
    const route = '/api/v1/books/:title';
    expect(sample(text, 'http_requests_total', { method: 'GET', route, status_code: '200' })).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'GET', route, status_code: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route, status_code: '200' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route, status_code: '200', le: '+Inf' })).toBe(2);
    expect(text).not.toContain('Counted');
    expect(text).not.toContain('probe-');
  });

  it('reports the job queue per kind: due, failed, and the age of the oldest due job', async () => {
    const job = (kind: string, extra: ReturnType<typeof sql>) =>
      open.db.execute(sql`insert into jobs (kind, payload, run_at, locked_until, done_at, failed_at)
        values (${kind}, '{}', ${extra})`);
    // Locked, so this app's worker leaves the due mails alone while the test looks at them.
    await job('mail', sql`now() - interval '10 minutes', now() + interval '1 hour', null, null`);
    await job('mail', sql`now() - interval '1 minute', now() + interval '1 hour', null, null`);
    await job('mail', sql`now() + interval '1 hour', null, null, null`); // a retry later: not due
    await job('mail', sql`now() - interval '1 day', null, now(), null`); // done
    await job('mail', sql`now() - interval '1 day', null, null, now()`); // given up
    // A kind no instance knows waits, and shows.
    await job('unknown.kind', sql`now() - interval '2 minutes', null, null, null`);

    const text = (await scrape(open)).body;
    expect(sample(text, 'bookshop_jobs_due', { kind: 'mail' })).toBe(2);
    expect(sample(text, 'bookshop_jobs_failed', { kind: 'mail' })).toBe(1);
    expect(sample(text, 'bookshop_jobs_oldest_due_seconds', { kind: 'mail' })).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'bookshop_jobs_oldest_due_seconds', { kind: 'mail' })).toBeLessThan(660);
    expect(sample(text, 'bookshop_jobs_due', { kind: 'unknown.kind' })).toBe(1);
    expect(sample(text, 'bookshop_jobs_failed', { kind: 'unknown.kind' })).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)('reports the PostgreSQL pool', async () => {
    const text = (await scrape(open)).body;
    expect(sample(text, 'bookshop_db_pool_max_connections')).toBe(4); // the test databases' pool size
    expect(sample(text, 'bookshop_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bookshop_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bookshop_db_pool_waiting_requests')).toBe(0);
  });

  it.skipIf(!!process.env.DATABASE_URL)('reports no pool for the embedded database, which has none', async () => {
    expect((await scrape(open)).body).not.toContain('bookshop_db_pool');
  });

  it('is not part of the API documentation', async () => {
    const doc = (await open.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(doc.paths).not.toHaveProperty('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a scrape without the token', async () => {
    const res = await guarded.app.inject({ method: 'GET', url: '/metrics' });
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('refuses a wrong token', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Basic abc']) {
      expectProblem(await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } }), 401);
    }
  });

  it('answers with the token', async () => {
    const res = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    // This app's own registry: it counted its refused scrapes, not the other app's requests.
    expect(sample(res.body, 'http_requests_total', { route: '/metrics', status_code: '401' })).toBe(5);
    expect(sample(res.body, 'http_requests_total', { route: '/api/v1/books/:title' })).toBeUndefined();
  });
});

describe('GET /metrics in production (NODE_ENV=production)', () => {
  it('is not served without METRICS_TOKEN or METRICS_PORT', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });

  it('is served to the METRICS_TOKEN only', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    try {
      expectProblem(await t.app.inject({ method: 'GET', url: '/metrics' }), 401);
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_PORT', () => {
  const scrapeOwnPort = async (t: TestApp, path: string, headers: Record<string, string> = {}) => {
    const { host, port } = t.app.metricsAddress!;
    return fetch(`http://${host}:${port}${path}`, { headers });
  };

  it('is served on its own listener at METRICS_HOST only, never on the shop port', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', METRICS_PORT: '0' });
    try {
      await t.app.inject({ method: 'GET', url: '/api/v1/genres' });
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect(t.app.metricsAddress?.host).toBe('127.0.0.1');
      const res = await scrapeOwnPort(t, '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(sample(await res.text(), 'http_requests_total', { route: '/api/v1/genres', status_code: '200' })).toBe(1);
      const elsewhere = await scrapeOwnPort(t, '/api/v1/genres');
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await t.close();
    }
  });

  it('asks for METRICS_TOKEN there too when it is set', async () => {
    const t = await createTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    try {
      await t.app.ready();
      const refused = await scrapeOwnPort(t, '/metrics', { authorization: `Bearer ${TOKEN}x` });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await scrapeOwnPort(t, '/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('stops start-up with one line when the port is taken', async () => {
    const first = await createTestApp({ METRICS_PORT: '0' });
    try {
      await first.app.ready();
      const taken = String(first.app.metricsAddress!.port);
      const second = createTestApp({ METRICS_PORT: taken }).then(async (t) => {
        try {
          await t.app.ready();
        } finally {
          await t.close();
        }
      });
      await expect(second).rejects.toThrow(
        new RegExp(`^Invalid configuration: METRICS_PORT ${taken} on METRICS_HOST 127\\.0\\.0\\.1 cannot be used`),
      );
    } finally {
      await first.close();
    }
  });
});
