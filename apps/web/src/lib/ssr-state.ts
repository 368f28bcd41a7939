import type { QueryClient } from '@tanstack/react-query';
import type { Problem } from '@bookshop/contracts/problem';
import { ApiError } from './api-client.ts';

/*
 * What the server renderer hands the browser next to the markup (decision 053): the router's
 * loader data and the dehydrated query cache, each in a <script type="application/json"> (data,
 * not code, so the Content-Security-Policy needs no inline-script exception).
 */
export const SSR_STATE_IDS = { router: 'ssr-router-state', query: 'ssr-query-state' } as const;

/** The state the server rendered this page with, or undefined when it did not (the dev server). */
export function readSsrState<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

/**
 * A query that failed on the server with a 4xx arrives as plain JSON; the pages tell a missing
 * book by `instanceof ApiError`, so it becomes one again.
 */
export function restoreApiErrors(client: QueryClient) {
  for (const query of client.getQueryCache().getAll()) {
    const error: unknown = query.state.error;
    if (query.state.status !== 'error' || error instanceof ApiError || !isSentApiError(error)) continue;
    query.setState({ ...query.state, error: new ApiError(error.status, error.problem) });
  }
}

function isSentApiError(value: unknown): value is { status: number; problem: Problem } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { problem?: unknown }).problem === 'object'
  );
}
