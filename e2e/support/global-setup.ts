import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    outboxDir: string;
  }
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

async function waitForShop(baseUrl: string, shop: ChildProcess, logs: string[]) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`The shop exited (${shop.exitCode}):\n${logs.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/books?pageSize=5`);
      if (res.ok && ((await res.json()) as { data: unknown[] }).data.length > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The shop did not start in time:\n${logs.join('')}`);
}

/** Starts the real shop (npm start: built storefront + API + demo seed) and one Chromium. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-e2e-'));
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
      ...(process.env.E2E_ENV ? JSON.parse(process.env.E2E_ENV) : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  shop.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  let browser: BrowserServer | undefined;
  try {
    await waitForShop(baseUrl, shop, logs);
    browser = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    shop.kill('SIGTERM');
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('outboxDir', path.join(dataDir, 'outbox'));

  return async () => {
    await browser?.close();
    shop.kill('SIGTERM');
    await new Promise((r) => shop.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  };
}
