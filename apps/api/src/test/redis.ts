import { connect, createServer, type Socket } from 'node:net';

/**
 * The Redis the tests may use: TEST_REDIS_URL, else the local default. A fresh machine may have
 * none, and the tests that need one then skip (CI sets TEST_REDIS_URL).
 */
export async function testRedis(): Promise<{ url: string; up: boolean }> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  return { url, up: await reachable(new URL(url)) };
}

/** True when something accepts connections at the URL's host and port. */
function reachable(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379), timeout: 500 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * A TCP proxy to `target` that the test can cut and restore, standing in for a Redis that goes
 * away, without stopping the Redis other tests use.
 */
export async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 6379) });
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', drop);
      socket.on('close', () => {
        sockets.delete(socket);
        drop();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as { port: number };
  const stop = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: stop,
    restore: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
