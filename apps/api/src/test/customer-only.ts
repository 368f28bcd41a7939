import type { LightMyRequestResponse } from 'fastify';
import { it } from 'vitest';
import { expectProblem, type Method, type TestAccount } from './app.ts';

/** A route of the signed-in customer's own things: what the test calls it, and how to call it. */
export type CustomerRoute = [name: string, method: Method, url: string, payload?: unknown];

type Call = (method: Method, url: string, who?: TestAccount, payload?: unknown) => Promise<LightMyRequestResponse>;

/**
 * Declares, for each route, that a guest gets 401 (and whatever `guestAnswer` checks too) and a
 * staff member 403. `staff` is asked for when the tests run, after `beforeAll` has made one.
 */
export function itRefusesGuestsAndStaff(
  routes: CustomerRoute[],
  call: Call,
  staff: () => TestAccount,
  guestAnswer?: (res: LightMyRequestResponse) => void,
) {
  it.each(routes)('a guest cannot %s (401)', async (_, method, url, payload) => {
    const res = await call(method, url, undefined, payload);
    expectProblem(res, 401);
    guestAnswer?.(res);
  });

  it.each(routes)('staff cannot %s (403)', async (_, method, url, payload) => {
    expectProblem(await call(method, url, staff(), payload), 403);
  });
}
