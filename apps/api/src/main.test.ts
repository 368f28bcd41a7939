import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, killServer, startServer, type ServerProcess } from './test/server.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the real entry point and returns its exit code and what it printed. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', main],
      {
        env: {
          ...process.env,
          SEED: 'none',
          LOG_LEVEL: 'silent',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bookshop-main-')),
          ...env,
        },
        timeout: 170_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

let busy: Server;
let busyPort: number;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

// The real entry point starts tsx and PGlite: slow on a busy machine.
describe('start-up', { timeout: 180_000 }, () => {
  it('stops with one clear line when the port is taken, before touching the database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bookshop-main-'));
    const started = Date.now();
    // A demo seed makes start-up take many seconds: the taken port must be reported before it.
    const { code, stderr } = await start({
      PORT: String(busyPort),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SEED: 'demo',
      DATA_DIR: dataDir,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Invalid configuration: PORT ${busyPort} is already in use`);
    expect(existsSync(path.join(dataDir, 'pg')), 'the database was opened before the port was checked').toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('stops with one clear line naming REDIS_URL when Redis does not answer', async () => {
    const { code, stderr } = await start({ DATABASE_URL: '', REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Cannot connect to REDIS_URL \(redis:\/\/127\.0\.0\.1:\d+\): connect ECONNREFUSED/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('stops with one clear line for a malformed DATABASE_URL', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'mysql://shop@db/shop' });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\//);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

/** Resolves with `promise`'s value, or 'too late' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'too late'>((resolve) => setTimeout(() => resolve('too late'), ms))]);

/** Sends the headers and the first half of a JSON body, so the request stays in flight until `finish()`. */
async function slowRequest(url: string) {
  const body = JSON.stringify({ emailAddress: 'in-flight@example.com' });
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  // A reset shows as an empty answer in the assertions.
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/v1/customers/check-email HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    finish: () => socket.write(body.slice(10)),
    /** The raw answer, once the server has closed the connection. */
    answer: async () => {
      await closed;
      return received;
    },
    destroy: () => socket.destroy(),
  };
}

/** An idle keep-alive connection, as a browser or load balancer keeps one; resolves when the server closes it. */
async function idleKeepAlive(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // Wrapped, so awaiting the answer does not also wait for the close.
  const { socketClosed } = await new Promise<{ socketClosed: Promise<void> }>((resolve, reject) => {
    const request = httpGet(`${url}/health/live`, { agent }, (res) => {
      const socket = request.socket;
      if (!socket) return reject(new Error('no socket'));
      const socketClosed = new Promise<void>((closed) => socket.once('close', () => closed()));
      res.resume();
      res.on('end', () => resolve({ socketClosed }));
    });
    request.on('error', reject);
  });
  return { closed: socketClosed, destroy: () => agent.destroy() };
}

// Each test starts the real server (tsx and PGlite): slow on a busy machine.
describe('shutdown on SIGTERM', { timeout: 300_000 }, () => {
  let server: ServerProcess | undefined;
  afterEach(() => killServer(server));

  it('answers the request in flight, closes keep-alive connections and exits well within the deadline', async () => {
    server = await startServer({ DATABASE_URL: '', SHUTDOWN_TIMEOUT_MS: '20000' });
    const idle = await idleKeepAlive(server.url);
    const inFlight = await slowRequest(server.url);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      inFlight.finish();

      // Fastify's keep-alive timeout alone would hold the connection, and the process, for 72 s.
      const answer = await within(inFlight.answer(), 5_000);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(String(answer).toLowerCase()).toContain('connection: close');
      await idle.closed;
      expect(await within(server.exited, 5_000)).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
    } finally {
      inFlight.destroy();
      idle.destroy();
    }
  });

  it('exits with code 1 at SHUTDOWN_TIMEOUT_MS when a request never finishes', async () => {
    server = await startServer({ DATABASE_URL: '', SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = await slowRequest(server.url);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const code = await within(server.exited, 8_000);
      expect(code).toBe(1);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
      expect(server.output()).toMatch(/shutdown took longer than SHUTDOWN_TIMEOUT_MS \(1000 ms\)/);
    } finally {
      stuck.destroy();
    }
  });
});
