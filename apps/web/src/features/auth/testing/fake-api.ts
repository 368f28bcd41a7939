import { onTestFinished } from 'vitest';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { SESSION_MARKER_COOKIE } from '@bookshop/contracts/constants';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { permissionsOf } from '@bookshop/contracts/roles';
import { answerApi, problem, type ApiReply, type ApiRequest } from '../../../test/network.ts';

export { ok, problem } from '../../../test/network.ts';

type Answer = ApiReply | ((request: ApiRequest) => ApiReply | Promise<ApiReply>);

/**
 * Answers by endpoint: `'POST /api/v1/customers/login'` → a reply or a function of the request.
 * Anything else answers 404, and a refresh without a session answers 401 as the API does.
 */
export function fakeApi(answers: Record<string, Answer>) {
  return answerApi((request) => {
    const answer =
      answers[`${request.method} ${request.path}`] ??
      (request.path === '/api/v1/users/app-rt' ? problem(401, 'Unauthorized') : problem(404, 'Not Found'));
    return typeof answer === 'function' ? answer(request) : answer;
  });
}

/**
 * This browser holds a session's cookies (the marker the API sets beside the refresh cookie,
 * decision 076), so the first load asks for a token refresh; a browser without them does not.
 */
export function withSessionCookie() {
  document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
  onTestFinished(() => {
    document.cookie = `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
  });
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
