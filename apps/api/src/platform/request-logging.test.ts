import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase } from '../test/database.ts';
import { expectProblem } from '../test/app.ts';
import { loadConfig } from './config.ts';
import type { DatabaseHandle } from './db.ts';

type LogLine = { level: number; msg: string; reqId?: string; [field: string]: unknown };

let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;
let lines: LogLine[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-logs-'));
  const dist = path.join(dataDir, 'web');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await mkdir(path.join(dataDir, 'uploads', 'books'), { recursive: true });
  await writeFile(path.join(dataDir, 'uploads', 'books', 'cover-1a2b-400.webp'), 'webp');
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'debug',
    ARGON2_COST: 'low',
    // A loaded machine's event-loop delay must not shed the requests whose log lines are read.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    WEB_DIST_DIR: dist,
  });
  app = await buildApp({
    config,
    db: database.db,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  await app.ready();
});
beforeEach(() => {
  lines = [];
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

describe('request logging', () => {
  it('writes one line per request with method, route, path, status, time and request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/books/Some%20Title?secret=token123' });
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = linesOf(requestId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      route: '/api/v1/books/:title',
      path: '/api/v1/books/Some%20Title',
      statusCode: 404,
    });
    expect(mine[0]!.responseTime).toEqual(expect.any(Number));
    // Query strings can carry tokens; they stay out of the logs.
    expect(JSON.stringify(lines)).not.toContain('token123');
  });

  it('gives every request a new id', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/genres' });
    const second = await app.inject({ method: 'GET', url: '/api/v1/genres' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it.each(['/assets/index-abc123.js', '/images/books/cover-1a2b-400.webp', '/health/live', '/metrics'])(
    'logs %s at debug level only',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      // A streamed file's line is written when the stream finishes, just after inject resolves
      // (on a loaded machine, over a second after).
      await expect
        .poll(() => linesOf(res.headers['x-request-id'] as string), { timeout: 10_000 })
        .toMatchObject([{ level: 20, path: url, statusCode: res.statusCode }]);
    },
  );

  it('logs pages and API calls at info level', async () => {
    for (const url of ['/', '/cart', '/api/v1/genres']) {
      const res = await app.inject({ method: 'GET', url });
      expect(linesOf(res.headers['x-request-id'] as string)).toMatchObject([{ level: 30, path: url }]);
    }
  });
});

describe('request ids', () => {
  it("keeps a load balancer's X-Request-Id: in the answer, the problem and the log line", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': 'lb-7f3a9c:42.1' },
    });
    expectProblem(res, 404);
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c:42.1');
    expect(res.json<{ requestId: string }>().requestId).toBe('lb-7f3a9c:42.1');
    expect(linesOf('lb-7f3a9c:42.1')).toHaveLength(1);
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['with spaces', 'a b'],
    ['with markup', '<script>'],
    ['with a forged log field', 'id","level":60'],
  ])('replaces an incoming id %s with its own', async (_, incoming) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/genres', headers: { 'x-request-id': incoming } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.reqId === incoming)).toBe(false);
  });

  it('is in every problem+json answer', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await app.inject({ method: 'GET', url: '/api/v1/books?pageSize=-1' }),
      await app.inject({ method: 'GET', url: '/api/v1/customers/account' }),
      await app.inject({ method: 'POST', url: '/api/v1/customers/login', payload: {} }),
    ];
    for (const res of answers) {
      expect(res.headers['content-type'], res.body).toMatch(/application\/problem\+json/);
      const { requestId } = res.json<{ requestId?: string }>();
      expect(requestId, res.body).toMatch(/^[0-9a-f-]{36}$/);
      expect(requestId).toBe(res.headers['x-request-id']);
    }
  });
});
