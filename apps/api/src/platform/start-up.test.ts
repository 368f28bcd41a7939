import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readableLogs, shopAddress, startUpLines } from './start-up.ts';

const defaults = { host: '0.0.0.0', publicUrl: 'http://localhost:3000', seed: 'demo' as const };

describe('what start-up says', () => {
  it('names where to open the shop, and that the demo accounts are in the README', () => {
    expect(startUpLines(defaults, 3000)[0]).toBe(
      'Bookshop is running at http://localhost:3000 (demo accounts in the README)',
    );
  });

  it('uses the real host and port, and promises demo accounts only when they were made', () => {
    expect(startUpLines({ ...defaults, host: '127.0.0.1', seed: 'none' }, 8080)[0]).toBe(
      'Bookshop is running at http://127.0.0.1:8080',
    );
    expect(shopAddress('::', 3000)).toBe('http://localhost:3000');
    expect(shopAddress('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('says which address e-mails link to and how to change it', () => {
    expect(startUpLines({ ...defaults, publicUrl: 'https://books.example' }, 3000)[1]).toBe(
      'Links in e-mails point to https://books.example (set PUBLIC_URL to the address customers use to change it)',
    );
  });
});

describe('logs at a terminal', () => {
  it('turn a JSON log line into one readable line', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const logs = readableLogs(out);
    const entry = {
      level: 30,
      time: Date.UTC(2030, 0, 1),
      pid: 1,
      hostname: 'h',
      statusCode: 200,
      msg: 'request completed',
    };
    logs.write(`${JSON.stringify(entry)}\n`);
    await expect.poll(() => chunks.join('')).toContain('request completed');
    const line = stripVTControlCharacters(chunks.join('')).trim();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed \{"statusCode":200\}$/);
  });
});
