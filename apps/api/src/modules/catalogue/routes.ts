import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import type { CatalogueService } from './service.ts';

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginCallbackZod<{ catalogue: CatalogueService }> = (
  app,
  { catalogue },
  done,
) => {
  app.get(
    '/v1/genres',
    { schema: { tags, summary: 'All genres, sorted by name', response: { 200: z.array(GenreSchema) } } },
    () => catalogue.listGenres(),
  );

  app.get(
    '/v1/authors',
    { schema: { tags, summary: 'All authors, sorted by name', response: { 200: z.array(AuthorSchema) } } },
    () => catalogue.listAuthors(),
  );

  app.get(
    '/v1/countries',
    { schema: { tags, summary: 'ISO 3166 countries with code and name', response: { 200: z.array(CountrySchema) } } },
    () => catalogue.listCountries(),
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
    (request) => catalogue.listBooks(request.query),
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
    (request) => catalogue.searchBooks(request.query.keyword),
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
    (request) => catalogue.searchBookPage(request.query),
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
    (request) => catalogue.getBookByTitle(request.params.title),
  );
  done();
};
