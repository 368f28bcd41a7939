import { vi } from 'vitest';

export type StubRequest = { method: string; path: string; search: string; body: unknown };
export type StubResponse = { status?: number; body?: unknown };
type Handler = (request: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/**
 * Stubs the network edge with a handler that sees method, path and JSON body (or FormData), so a
 * test can answer mutations and check what was sent. Unhandled requests answer 404.
 */
export function stubApiRoutes(handler: Handler) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const request = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.search, body };
    requests.push(request);
    const answer = (await handler(request)) ?? { status: 404, body: { title: 'Not Found', status: 404 } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
