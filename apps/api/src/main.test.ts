import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
        timeout: 60_000,
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

describe('start-up', () => {
  it('stops with one clear line when the port is taken', async () => {
    const { code, stderr } = await start({ PORT: String(busyPort), HOST: '127.0.0.1', DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Invalid configuration: PORT ${busyPort} is already in use`);
  });

  it('stops with one clear line for a malformed DATABASE_URL', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'mysql://shop@db/shop' });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\//);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
