/**
 * A client generated from the OpenAPI document (openapi-typescript, by `npm run lint:openapi`)
 * must speak the contracts of packages/contracts: tsc checks this file against `schema.d.ts`, so
 * a response or request the document describes differently from its zod contract fails the check.
 */
import type { AddToCart } from '@bookshop/contracts/cart';
import type { Book, BookPage, Genre } from '@bookshop/contracts/catalogue';
import type { Order } from '@bookshop/contracts/orders';
import type { Problem } from '@bookshop/contracts/problem';
import type { VatReport } from '@bookshop/contracts/reports';
import type { paths } from './schema.d.ts';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Answer<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number,
> = paths[Path][Method] extends { responses: Record<Status, infer Response> } ? Json<Response> : never;
type RequestBody<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  requestBody: infer Body;
}
  ? Json<Body>
  : never;

/** True when the generated type and the contract accept exactly the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const clientMatchesContracts = {
  book: true satisfies Same<Answer<'/api/v1/books/{title}', 'get', 200>, Book>,
  bookPage: true satisfies Same<Answer<'/api/v1/books', 'get', 200>, BookPage>,
  genres: true satisfies Same<Answer<'/api/v1/genres', 'get', 200>, Genre[]>,
  customerOrders: true satisfies Same<Answer<'/api/v1/orders/customer', 'get', 200>['data'][number], Order>,
  vatReport: true satisfies Same<Answer<'/api/v1/reports/vat', 'get', 200>, VatReport>,
  notFound: true satisfies Same<Answer<'/api/v1/books/{title}', 'get', 404>, Problem>,
  // The request as a client sends it: the contract's input, before defaults apply (quantity is optional).
  addToCart: true satisfies Same<RequestBody<'/api/v1/cart', 'post'>, Partial<AddToCart> & Pick<AddToCart, 'bookId'>>,
};

/** A typed call as a generated client makes one: the path, its parameter and its answer checked together. */
export async function bookByTitle(title: string): Promise<Book> {
  const path = '/api/v1/books/{title}' satisfies keyof paths;
  const response = await fetch(path.replace('{title}', encodeURIComponent(title)));
  if (!response.ok) throw new Error(((await response.json()) as Answer<typeof path, 'get', 404>).title);
  return (await response.json()) as Answer<typeof path, 'get', 200>;
}
