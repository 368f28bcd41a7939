import { vi } from 'vitest';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { permissionsOf } from '@bookshop/contracts/roles';

export type FakeRequest = { method: string; path: string; search: string; body: unknown; headers: Headers };
export type FakeReply = { status: number; body?: unknown };
type Answer = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
export const problem = (status: number, title: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  body: { title, status, ...extra },
});

/**
 * Stubs the network edge: `'POST /api/v1/customers/login'` → a reply or a function of the request.
 * Anything else answers 404, and a refresh without a session answers 401 as the API does.
 */
export function fakeApi(answers: Record<string, Answer>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const answer =
      answers[`${request.method} ${request.path}`] ??
      (request.path === '/api/v1/users/app-rt' ? problem(401, 'Unauthorized') : problem(404, 'Not Found'));
    const reply = typeof answer === 'function' ? await answer(request) : answer;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': reply.status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The requests made to one endpoint, e.g. `'POST /api/v1/users/logout'`. */
    to: (endpoint: string) => requests.filter((r) => `${r.method} ${r.path}` === endpoint),
  };
}

let nextId = 1;

export function makeUser(overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  const personType = overrides.personType ?? PersonType.Customer;
  const role = overrides.role ?? (personType === PersonType.Internal ? RoleName.Admin : null);
  return {
    id: nextId++,
    emailAddress: 'reader@example.com',
    userName: 'reader',
    firstName: personType === PersonType.Customer ? 'Rea' : null,
    lastName: personType === PersonType.Customer ? 'Der' : null,
    imageUrl: null,
    personType,
    loginProvider: 1,
    role,
    permissions: permissionsOf(role),
    token: `token-${nextId}`,
    ...overrides,
  };
}

export const makeStaff = (overrides: Partial<LoggedInUser> = {}) =>
  makeUser({ personType: PersonType.Internal, emailAddress: 'staff@example.com', userName: 'staffer', ...overrides });
