import { http } from 'msw';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';

/*
 * The web tests' one network fake: Mock Service Worker answers the requests the app really sends
 * (fetch and XMLHttpRequest), so the API client's URLs, headers and bodies are what a test sees.
 * The server listens for the whole run (test/setup.ts); each test says what the API answers. A
 * request no test answers gets a 404, as the old fakes gave, and never reaches a real server (a
 * network error instead, `HttpResponse.error()`, ended as an unhandled rejection in a test that
 * renders the dashboard without answers).
 */
export const server = setupServer(http.all('*', () => toResponse(problem(404, 'Not Found'))));

/** A request the app sent, as a test looks at it. */
export type ApiRequest = {
  method: string;
  url: URL;
  path: string;
  search: string;
  /** Parsed JSON, the FormData of a multipart body, or undefined. */
  body: unknown;
  headers: Headers;
};
/** An answer in JSON with a status (problem+json from 400 on); a handler may give a Response instead. */
export type ApiReply = { status?: number; body?: unknown };
type Answer = ApiReply | Response | undefined;
type Handler = (request: ApiRequest) => Answer | Promise<Answer>;

export const ok = (body: unknown, status = 200): ApiReply => ({ status, body });
export const problem = (status: number, title: string, extra: Record<string, unknown> = {}): ApiReply => ({
  status,
  body: { title, status, ...extra },
});

async function readRequest(request: Request): Promise<ApiRequest> {
  const url = new URL(request.url);
  const type = request.headers.get('Content-Type') ?? '';
  const text = type.startsWith('multipart/form-data') ? undefined : await request.clone().text();
  const body = type.startsWith('multipart/form-data')
    ? await request.formData()
    : text
      ? (JSON.parse(text) as unknown)
      : undefined;
  return { method: request.method, url, path: url.pathname, search: url.search, body, headers: request.headers };
}

function toResponse(reply: ApiReply | Response): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

/**
 * Answers every request with `handler` (404 when it answers nothing) and records what was sent.
 * `calls` is a spy called once per request, for "nothing was fetched" and counting.
 */
export function answerApi(handler: Handler) {
  const requests: ApiRequest[] = [];
  const calls = vi.fn((request: ApiRequest) => request);
  server.use(
    http.all('*', async ({ request }) => {
      const sent = await readRequest(request);
      requests.push(sent);
      calls(sent);
      return toResponse((await handler(sent)) ?? problem(404, 'Not Found'));
    }),
  );
  return {
    calls,
    requests,
    /** The requests made to one path with one method. */
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** The requests made to one endpoint, e.g. `'POST /api/v1/users/logout'`. */
    to: (endpoint: string) => requests.filter((r) => `${r.method} ${r.path}` === endpoint),
  };
}

/** Each `/api/...` path answers with the given JSON, whatever the method (404 otherwise). */
export function stubApi(responses: Record<string, unknown>) {
  return answerApi(({ path }) => (responses[path] === undefined ? undefined : { body: responses[path] }));
}
