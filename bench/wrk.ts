import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * wrk (Debian's package `wrk`, written in C) as the client of the measured seconds, when
 * BENCH_LOAD_GENERATOR=wrk (decision 118). autocannon parses every answer in JavaScript: on a kept
 * page (10 KB of brotli and 20 headers) it used a whole core to take 5,300 answers a second while
 * the server was half idle. wrk takes the same page at over 19,000 a second on one thread.
 * The paths rotate through all connections as in autocannon: one thread, one counter.
 */

/** What a measured run saw, by either client. */
export type LoadResult = {
  /** More requests than distinct paths in a cold scenario means some were repeats. */
  completedRequests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connections refused or broken, and requests that timed out. */
  errors: number;
  non2xx: number;
};

const execFileAsync = promisify(execFile);

/** Whether `wrk` is on PATH. */
export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: found; ENOENT: not there.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Reads the paths from a file (a Lua literal of 60,000 paths would exceed LuaJIT's constants),
 * sends them in turn with the headers, and prints one JSON line when it ends. Latencies are in µs.
 */
const SCRIPT = `
local paths, headers, n = {}, {}, 0
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  for line in io.lines(args[2]) do
    local name, value = line:match("^([^:]+): (.*)$")
    if name then headers[name] = value end
  end
end
function request()
  n = n + 1
  return wrk.format("GET", paths[((n - 1) % #paths) + 1], headers)
end
function done(summary, latency)
  local e = summary.errors
  io.write(string.format('BENCH_RESULT {"requests":%d,"durationUs":%d,"p50":%d,"p99":%d,"max":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;

/** One measured run of `durationSeconds` against 127.0.0.1:`port`. */
export async function driveWithWrk(
  port: number,
  paths: string[],
  durationSeconds: number,
  options: { headers?: Record<string, string>; connections: number },
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'rotation.lua');
    const pathsFile = path.join(dir, 'paths');
    const headersFile = path.join(dir, 'headers');
    writeFileSync(script, SCRIPT);
    writeFileSync(pathsFile, paths.join('\n') + '\n');
    writeFileSync(
      headersFile,
      Object.entries(options.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\n`)
        .join(''),
    );
    const args = ['-t1', `-c${options.connections}`, `-d${durationSeconds}s`, '--timeout', '10s', '-s', script];
    const { stdout } = await execFileAsync('wrk', [...args, `http://127.0.0.1:${port}`, '--', pathsFile, headersFile]);
    const line = stdout.split('\n').find((text) => text.startsWith('BENCH_RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const result = JSON.parse(line.slice('BENCH_RESULT '.length)) as {
      requests: number;
      durationUs: number;
      p50: number;
      p99: number;
      max: number;
      errors: number;
      non2xx: number;
    };
    return {
      completedRequests: result.requests,
      requestsPerSecond: result.requests / (result.durationUs / 1e6),
      p50Ms: result.p50 / 1000,
      p99Ms: result.p99 / 1000,
      maxMs: result.max / 1000,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
