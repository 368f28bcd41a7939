import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Shop {
  baseUrl: string;
  dataDir: string;
  /** What the shop has written so far (its seed's lines, then warnings and errors), oldest first. */
  logLines(): string[];
  /** Stops the server and deletes its data directory; safe to call more than once. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Ready means /health/ready answers 200 and the demo seed is visible in the catalogue. */
async function isReady(baseUrl: string): Promise<boolean> {
  try {
    if (!(await fetch(`${baseUrl}/health/ready`)).ok) return false;
    const res = await fetch(`${baseUrl}/api/v1/books?pageSize=5`);
    return res.ok && ((await res.json()) as { data: unknown[] }).data.length > 0;
  } catch {
    return false; // not listening yet
  }
}

/**
 * Starts the real shop (`npm start`: built storefront + API) on a free port with a fresh DATA_DIR,
 * PGlite and the demo seed, and waits until it is ready.
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-shop-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const shop = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Visitors are told apart by X-Forwarded-For (client-address.ts), as behind a balancer.
      TRUST_PROXY: 'true',
      // The browsers, the test workers and this shop share two cores, and PGlite runs its queries on
      // the shop's own thread: a one-second stall is the harness, not a flood of customers, and
      // shedding it with 503 failed a page test (11th session). Load shedding is tested in the API
      // suite; here it only guards against a runaway.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  shop.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (shop.exitCode === null && shop.signalCode === null) {
        const exited = new Promise((r) => shop.once('exit', r));
        shop.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    })());

  try {
    const deadline = Date.now() + 120_000;
    while (!(await isReady(baseUrl))) {
      if (shop.exitCode !== null) throw new Error(`The shop exited (${shop.exitCode}):\n${logs.join('')}`);
      if (Date.now() > deadline) throw new Error(`The shop did not start in time:\n${logs.join('')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const logLines = () =>
    logs
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '');
  return { baseUrl, dataDir, logLines, stop };
}
