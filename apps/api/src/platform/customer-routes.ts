import { ProblemSchema } from '@bookshop/contracts/problem';
import { requireCustomer } from './auth.ts';

/**
 * The options of a route on the signed-in customer's own things (cart, wishlist, addresses): the
 * guard in onRequest (decision 062), so a caller without a token learns nothing about the body's
 * shape, and the 401 and 403 it may answer added to the route's own responses.
 */
export function customerRoute<S extends { response: object }>(tags: string[], summary: string, schema: S) {
  return {
    onRequest: [requireCustomer],
    schema: { tags, summary, ...schema, response: { 401: ProblemSchema, 403: ProblemSchema, ...schema.response } },
  };
}
