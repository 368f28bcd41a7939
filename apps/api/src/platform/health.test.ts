import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, expectProblem, type TestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { tcpProxy, testRedis } from '../test/redis.ts';
import { loadConfig } from './config.ts';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Ready once the catalogue index is built (issue 25); an empty catalogue's takes a moment.
    await t.catalogue.indexReady();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness while all is well, outside the API docs', async () => {
    expect((await get(t, '/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get(t, '/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    const docs = (await get(t, '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(docs.paths).filter((p) => p.startsWith('/health'))).toEqual([]);
  });

  it('is not ready while draining, still live, and tells keep-alive clients to go', async () => {
    const drained = await createTestApp();
    try {
      drained.app.startDraining();
      const ready = await get(drained, '/health/ready');
      expectProblem(ready, 503, 'Service Unavailable');
      expect(ready.json<{ detail: string }>().detail).toMatch(/shutting down/);
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(drained, '/health/live')).statusCode).toBe(200);
      // Requests in flight are still answered, with the connection closed after them.
      const genres = await get(drained, '/api/v1/genres');
      expect(genres.statusCode).toBe(200);
      expect(genres.headers.connection).toBe('close');
    } finally {
      await drained.close();
    }
  });

  it('is not ready while something still warms up (the catalogue index builds), and says what', async () => {
    const warming = await createTestApp();
    try {
      let warm = false;
      warming.app.addWarmUp('test cache', () => warm);
      const ready = await get(warming, '/health/ready');
      expectProblem(ready, 503, 'Service Unavailable');
      expect(ready.json<{ detail: string }>().detail).toMatch(/test cache warming up/);
      expect((await get(warming, '/health/live')).statusCode).toBe(200);
      // This app's own catalogue index must have built too (slower on the PostgreSQL server).
      await warming.catalogue.indexReady();
      warm = true;
      expect((await get(warming, '/health/ready')).statusCode).toBe(200);
    } finally {
      await warming.close();
    }
  });

  it('waits for the catalogue index: ready once its first build has ended', async () => {
    await t.catalogue.indexReady();
    expect((await get(t, '/health/ready')).statusCode).toBe(200);
    expect(t.app.catalogue.indexWarm()).toBe(true);
  });

  it('is not ready when the database does not answer', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-health-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED: 'none',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, db: database.db });
    try {
      await app.catalogue.indexReady();
      expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expectProblem(ready, 503, 'Service Unavailable');
      expect(ready.json<{ detail: string }>().detail).toMatch(/database unreachable/);
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

const { url: redisUrl, up: redisUp } = await testRedis();

describe('with REDIS_URL, when Redis goes away', () => {
  it.skipIf(!redisUp)(
    'stays ready, reported degraded, with bookshop_dependency_up 0 and one log line each way',
    async () => {
      const t = await createTestApp();
      const proxy = await tcpProxy(new URL(redisUrl));
      const logs: { level: number; msg: string; dependency?: string }[] = [];
      const app = await buildApp({
        config: { ...t.config, redisUrl: proxy.url, logLevel: 'warn' },
        db: t.db,
        logStream: { write: (line) => void logs.push(JSON.parse(line) as (typeof logs)[number]) },
      });
      const dependencyUp = async () => {
        const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
        return Object.fromEntries(
          [...text.matchAll(/^bookshop_dependency_up\{dependency="(\w+)"\} (\d)$/gm)].map((m) => [m[1], Number(m[2])]),
        );
      };
      const redisLines = () => logs.filter((line) => line.dependency === 'redis');
      try {
        await app.catalogue.indexReady();
        expect((await app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'ok' });
        expect(await dependencyUp()).toEqual({ database: 1, redis: 1 });

        // Connections to Redis are now refused.
        await proxy.cut();
        for (let probe = 0; probe < 3; probe++) {
          const ready = await app.inject({ method: 'GET', url: '/health/ready' });
          expect(ready.statusCode).toBe(200);
          expect(ready.json()).toEqual({ status: 'degraded', degraded: ['redis unreachable'] });
        }
        expect(await dependencyUp()).toEqual({ database: 1, redis: 0 });
        // The instance still serves.
        expect((await app.inject({ method: 'GET', url: '/api/v1/genres' })).statusCode).toBe(200);
        expect(redisLines().map((line) => [line.level, line.msg])).toEqual([
          [50, 'redis unreachable: this instance stays ready, degraded'],
        ]);

        await proxy.restore();
        await expect
          .poll(async () => (await app.inject({ method: 'GET', url: '/health/ready' })).json(), { timeout: 10_000 })
          .toEqual({ status: 'ok' });
        expect(await dependencyUp()).toEqual({ database: 1, redis: 1 });
        expect(redisLines().map((line) => line.msg)).toEqual([
          'redis unreachable: this instance stays ready, degraded',
          'redis reachable again',
        ]);
      } finally {
        await app.close();
        await proxy.close();
        await t.close();
      }
    },
  );
});

describe('under pressure', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Any heap is above 1 MB: the first sample (after a second) puts the instance under pressure.
    t = await createTestApp({ LOAD_SHED_HEAP_USED_MB: '1' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });
  afterAll(() => t.close());

  it('sheds requests with 503 problem+json and Retry-After instead of queueing them', async () => {
    const res = await get(t, '/api/v1/genres');
    expectProblem(res, 503, 'Service Unavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps liveness out of the shedding, and reports not ready', async () => {
    expect((await get(t, '/health/live')).statusCode).toBe(200);
    const ready = await get(t, '/health/ready');
    expectProblem(ready, 503);
    expect(ready.json<{ detail: string }>().detail).toMatch(/under pressure/);
  });

  it('sheds on event-loop delay too', async () => {
    const busy = await createTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '50' });
    try {
      expect((await get(busy, '/api/v1/genres')).statusCode).toBe(200);
      // Keep the event loop blocked most of the time until a sample has covered a whole interval
      // of it. A fixed span is not enough: the first sample inside it may mostly cover the idle
      // time before, and on a busy machine the next one can land just after the span ends.
      const until = Date.now() + 6_000;
      let answer = await get(busy, '/api/v1/genres');
      while (answer.statusCode === 200 && Date.now() < until) {
        const stop = Date.now() + 200;
        while (Date.now() < stop) {
          /* busy: a stand-in for CPU-bound overload */
        }
        await new Promise((resolve) => setImmediate(resolve));
        answer = await get(busy, '/api/v1/genres');
      }
      expectProblem(answer, 503, 'Service Unavailable');
      expect((await get(busy, '/health/live')).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
