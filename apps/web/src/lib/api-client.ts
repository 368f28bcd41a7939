import type { Problem } from '@bookshop/contracts/problem';
import { pageLanguage } from './i18n/i18n.tsx';

/** A failed API call, carrying the server's problem details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title);
  }
}

type TokenListener = (token: string | null) => void;
let accessToken: string | null = null;
const tokenListeners = new Set<TokenListener>();

export const tokenStore = {
  get: () => accessToken,
  set(token: string | null) {
    accessToken = token;
    for (const listener of tokenListeners) listener(token);
  },
  subscribe(listener: TokenListener) {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
};

type RefreshHandler = () => Promise<boolean>;
let refreshHandler: RefreshHandler | null = null;
let onRefreshFailed: () => void = () => {};

/** The auth feature installs how to refresh the access token and what to do when that fails. */
export function configureSessionRefresh(handler: RefreshHandler, whenFailed: () => void) {
  refreshHandler = handler;
  onRefreshFailed = whenFailed;
}

let refreshing: Promise<boolean> | null = null;
function refreshOnce(): Promise<boolean> {
  refreshing ??= (refreshHandler ? refreshHandler() : Promise.resolve(false)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export type RequestOptions = Omit<RequestInit, 'body'> & {
  body?: unknown;
  /** Skip the one refresh-and-retry on 401/403 (the refresh call itself, login). */
  noRefresh?: boolean;
};

/** Calls `/api/<path>` with the token and credentials; on 401/403 refreshes once and retries once. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if ((response.status === 401 || response.status === 403) && !options.noRefresh && refreshHandler) {
    if (await refreshOnce()) return parse<T>(await send(path, options));
    onRefreshFailed();
  }
  return parse<T>(response);
}

/**
 * Like `api`, for a file the server sends (e.g. a CSV export that needs the bearer token, so a
 * plain link cannot fetch it). Answers the body and the file name from Content-Disposition.
 */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName?: string }> {
  let response = await send(path, options);
  if ((response.status === 401 || response.status === 403) && !options.noRefresh && refreshHandler) {
    if (await refreshOnce()) response = await send(path, options);
    else onRefreshFailed();
  }
  if (!response.ok) return parse<never>(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName };
}

/** How a request reaches the API: the browser's fetch on the page's origin, unless configured. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * The server renderer's way to the API: its own requests, answered in process. Anonymous by
 * design (it renders the same public page for everyone), so one transport serves every request.
 */
export function configureApiTransport(next: Transport) {
  transport = next;
}

function send(path: string, { body, noRefresh: _, headers, ...init }: RequestOptions) {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const token = tokenStore.get();
  return transport(`/api/${path.replace(/^\//, '')}`, {
    credentials: 'include',
    ...init,
    headers: {
      Accept: 'application/json',
      // The page's language (decision 089): the API sends a payment page's customer back to it.
      'Accept-Language': pageLanguage(),
      ...(body !== undefined && !isForm && { 'Content-Type': 'application/json' }),
      ...(token && { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const problem: Problem =
      data && typeof data === 'object' && 'title' in data
        ? (data as Problem)
        : { title: response.statusText || 'Error', status: response.status };
    throw new ApiError(response.status, problem);
  }
  return data as T;
}

/** Builds a query string from defined values only. */
export function toQueryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type UploadProgress = { loaded: number; total: number };

/**
 * Sends a form with XMLHttpRequest, the one browser API that reports upload progress (fetch does
 * not). Same token, cookies, refresh-once and problem parsing as `api`.
 */
export async function apiUpload<T>(
  path: string,
  {
    method,
    body,
    onProgress,
  }: { method: 'POST' | 'PUT' | 'PATCH'; body: FormData; onProgress?: (p: UploadProgress) => void },
): Promise<T> {
  let response = await sendWithProgress(path, method, body, onProgress);
  if ((response.status === 401 || response.status === 403) && refreshHandler) {
    if (await refreshOnce()) response = await sendWithProgress(path, method, body, onProgress);
    else onRefreshFailed();
  }
  return parse<T>(response);
}

function sendWithProgress(
  path: string,
  method: string,
  body: FormData,
  onProgress?: (p: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api/${path.replace(/^\//, '')}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText }),
      );
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    xhr.send(body);
  });
}
