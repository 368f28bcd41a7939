import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';

/** A fresh cache per test, without retries, so failures show at once. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function renderWithQueryClient(ui: ReactElement) {
  return render(<QueryClientProvider client={createTestQueryClient()}>{ui}</QueryClientProvider>);
}

/** Stubs the network edge: each `/api/...` path answers with the given JSON (404 otherwise). */
export function stubApi(responses: Record<string, unknown>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const body = responses[url.pathname];
    const response =
      body === undefined
        ? new Response(JSON.stringify({ title: 'Not Found', status: 404 }), {
            status: 404,
            headers: { 'Content-Type': 'application/problem+json' },
          })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    return Promise.resolve(response);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
