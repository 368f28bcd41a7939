import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorQuerySchema,
  AuthorSchema,
  BookPageSchema,
  BookQuerySchema,
  BookSchema,
  BookTitleParamsSchema,
  CountrySchema,
  GenreSchema,
  SearchBooksPageQuerySchema,
  SearchBooksQuerySchema,
  SearchResultSchema,
} from '@bookshop/contracts/catalogue';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { sendPublic } from '../../platform/public-answers.ts';
import type { CatalogueService } from './service.ts';

const tags = ['catalogue'];

/*
 * Every route here answers the same to every anonymous caller: it is sent as a prepared answer
 * with the CDN's Cache-Control, a strong ETag and 304 (decision 101), from the catalogue's caches,
 * already serialised and compressed.
 */

export const catalogueRoutes: FastifyPluginCallbackZod<{ catalogue: CatalogueService }> = (
  app,
  { catalogue },
  done,
) => {
  app.get(
    '/v1/genres',
    { schema: { tags, summary: 'All genres, sorted by name', response: { 200: z.array(GenreSchema) } } },
    async (request, reply) => sendPublic(request, reply, await catalogue.listGenres()),
  );

  app.get(
    '/v1/authors',
    {
      schema: {
        tags,
        summary:
          'All authors sorted by name; with search or limit, at most limit authors whose name holds the words, exact name first; with name, the author of that name',
        querystring: AuthorQuerySchema,
        response: { 200: z.array(AuthorSchema), 400: ProblemSchema },
      },
    },
    // The picker's answers are the same for everyone, shared like every public read (decisions 097, 101).
    async (request, reply) => sendPublic(request, reply, await catalogue.listAuthors(request.query)),
  );

  app.get(
    '/v1/countries',
    { schema: { tags, summary: 'ISO 3166 countries with code and name', response: { 200: z.array(CountrySchema) } } },
    async (request, reply) => sendPublic(request, reply, await catalogue.listCountries()),
  );

  app.get(
    '/v1/books',
    {
      schema: {
        tags,
        summary: 'A page of books; filters combine, prices are what the customer pays',
        querystring: BookQuerySchema,
        response: { 200: BookPageSchema, 400: ProblemSchema },
      },
    },
    async (request, reply) => sendPublic(request, reply, await catalogue.listBooks(request.query)),
  );

  app.get(
    '/v1/books/search-books',
    {
      schema: {
        tags,
        summary: 'Up to 10 books matching a keyword in title, author or genre, typos tolerated',
        querystring: SearchBooksQuerySchema,
        response: { 200: z.array(SearchResultSchema), 400: ProblemSchema },
      },
    },
    async (request, reply) => sendPublic(request, reply, await catalogue.searchBooks(request.query.keyword)),
  );

  app.get(
    '/v1/search/books',
    {
      schema: {
        tags,
        summary: 'A page of every book matching a keyword, ranked as search-books (the search results page)',
        querystring: SearchBooksPageQuerySchema,
        response: { 200: BookPageSchema, 400: ProblemSchema },
      },
    },
    async (request, reply) => sendPublic(request, reply, await catalogue.searchBookPage(request.query)),
  );

  app.get(
    '/v1/books/:title',
    {
      schema: {
        tags,
        summary: 'One book by its title',
        params: BookTitleParamsSchema,
        response: { 200: BookSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => sendPublic(request, reply, await catalogue.bookAnswer(request.params.title)),
  );
  done();
};
