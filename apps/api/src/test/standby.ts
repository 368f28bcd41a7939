import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A real PostgreSQL streaming standby for the read-replica tests (decision 098), made with
 * `pg_basebackup -R` in a temporary folder and started on a port of its own.
 *
 * It copies the CI server at DATABASE_URL when that server lets 127.0.0.1 replicate (.ci/run adds
 * the pg_hba.conf line) and its cluster is small enough to copy in a second or two. Otherwise (a
 * developer's server with no replication line, or one holding benchmark databases of gigabytes)
 * the test starts a temporary primary of its own with initdb and streams a standby of that, the
 * same way; `source` says which, and why.
 */
export type Standby = {
  /** The primary's server URL (no database): the CI server, or the temporary one. */
  primaryUrl: string;
  /** The standby's server URL (no database). */
  standbyUrl: string;
  source: string;
  /** Stops replaying WAL (the replica lags from now on) or goes on with it. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops the standby server at once, as a lost replica host would (the primary goes on). */
  stopStandbyServer(): Promise<void>;
  stop(): Promise<void>;
};

/** Copying more than this of the CI server would make the test take minutes: it uses its own primary then. */
const MAX_CLUSTER_BYTES = 300 * 1024 * 1024;

/** The folder of initdb, pg_ctl and pg_basebackup, or undefined where PostgreSQL's server binaries are absent. */
export function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The server refuses to run as root: as root, its tools run as the `postgres` user. */
async function asPostgres(bin: string, tool: string, args: string[]) {
  const command = path.join(bin, tool);
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return run(file, argv, { timeout: 60_000 });
}

async function one<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

const serverUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

export async function startStandby(bin: string): Promise<Standby> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-replica-'));
  const owner = process.getuid?.() === 0 ? await postgresIds() : undefined;
  if (owner) await chown(dir, owner.uid, owner.gid);
  const started: string[] = [];
  const stopServer = (data: string) => asPostgres(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
  try {
    const ci = await ciPrimary();
    let primaryUrl: string;
    let source: string;
    if (ci.url) {
      primaryUrl = ci.url;
      source = 'a standby of the CI server';
    } else {
      const data = path.join(dir, 'primary');
      await asPostgres(bin, 'initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '-N',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]);
      const port = await freePort();
      await start(bin, data, port, dir);
      started.push(data);
      primaryUrl = serverUrl(port);
      source = `a standby of a temporary primary (${ci.why})`;
    }
    const standbyData = path.join(dir, 'standby');
    const primary = new URL(primaryUrl);
    await asPostgres(bin, 'pg_basebackup', [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
      ...['-D', standbyData, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    const standbyPort = await freePort();
    // A hot standby refuses to start with fewer of these than its primary has.
    const { settings } = await one<{ settings: string[] }>(
      primaryUrl,
      `select array_agg(name || ' = ' || setting) as settings from pg_settings where name in
        ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    await start(bin, standbyData, standbyPort, dir, settings);
    started.push(standbyData);
    const standbyUrl = serverUrl(standbyPort);
    const standby: Standby = {
      primaryUrl,
      standbyUrl,
      source,
      pauseReplay: () => one(standbyUrl, 'select pg_wal_replay_pause()'),
      resumeReplay: () => one(standbyUrl, 'select pg_wal_replay_resume()'),
      async caughtUp() {
        const { lsn } = await one<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
        for (let i = 0; i < 2000; i++) {
          const { done } = await one<{ done: boolean }>(
            standbyUrl,
            `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
          );
          if (done) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('the standby did not catch up in 20 s');
      },
      async stopStandbyServer() {
        await stopServer(standbyData);
      },
      async stop() {
        for (const data of started.reverse()) await stopServer(data).catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      },
    };
    return standby;
  } catch (error) {
    for (const data of started.reverse()) await stopServer(data).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The CI server at DATABASE_URL if a standby of it can be made quickly, else why not. */
async function ciPrimary(): Promise<{ url?: string; why: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { why: 'no DATABASE_URL' };
  const server = new URL(url);
  server.pathname = '/postgres';
  const { bytes, replication } = await one<{ bytes: string; replication: boolean }>(
    server.toString(),
    `select (select sum(pg_database_size(oid)) from pg_database)::text as bytes,
            exists (select 1 from pg_hba_file_rules where 'replication' = any(database)
                    and (type = 'local' or address = '127.0.0.1' or address = 'all')) as replication`,
  );
  if (!replication) return { why: "the CI server's pg_hba.conf has no replication line" };
  if (Number(bytes) > MAX_CLUSTER_BYTES)
    return { why: `the CI server holds ${Math.round(Number(bytes) / 2 ** 20)} MB, too much to copy for a test` };
  return { url: server.toString(), why: '' };
}

/** Starts the server in `data` on `port`, trusting local connections (replication too). */
async function start(bin: string, data: string, port: number, socketDir: string, primarySettings: string[] = []) {
  const settings = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${socketDir}'`,
    // A test server, small and quick; hot_standby lets the standby answer reads.
    'shared_buffers = 16MB',
    'fsync = off',
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    ...primarySettings,
  ];
  // A copy of a Debian cluster has neither file in its data folder (they live in /etc).
  await appendFile(path.join(data, 'postgresql.conf'), '');
  await appendFile(path.join(data, 'pg_ident.conf'), '');
  await writeFile(
    path.join(data, 'pg_hba.conf'),
    [
      'local all all trust',
      'local replication all trust',
      'host all all 127.0.0.1/32 trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
  // After what pg_basebackup -R wrote there (primary_conninfo), so these win.
  await appendFile(path.join(data, 'postgresql.auto.conf'), `\n${settings.join('\n')}\n`);
  const owner = process.getuid?.() === 0 ? await postgresIds() : undefined;
  if (owner) await chownTree(data, owner);
  const log = path.join(data, 'server.log');
  try {
    await asPostgres(bin, 'pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', log]);
  } catch (error) {
    const tail = (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
    throw new Error(`${(error as Error).message}\n${tail}`);
  }
}

async function chownTree(dir: string, owner: { uid: number; gid: number }) {
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner);
    else await chown(full, owner.uid, owner.gid);
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}
