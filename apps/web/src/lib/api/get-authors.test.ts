import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { answerApi, problem } from '../../test/network.ts';
import { authorNamedQueryOptions, authorSearchQueryOptions } from './get-authors.ts';

afterEach(() => vi.restoreAllMocks());

describe('reading authors a few at a time (decision 097)', () => {
  it('asks by the typed words with a bound, and answers the authors', async () => {
    const api = answerApi(({ path }) =>
      path === '/api/v1/authors' ? { body: [{ id: 1, name: 'Ann Author' }] } : undefined,
    );
    const authors = await new QueryClient().fetchQuery(authorSearchQueryOptions('  ann ', 20));
    expect(authors).toEqual([{ id: 1, name: 'Ann Author' }]);
    expect(api.sent('GET', '/api/v1/authors').map((request) => request.search)).toEqual(['?search=ann&limit=20']);
  });

  it("logs the spec's message when authors cannot be fetched, and rethrows", async () => {
    answerApi(() => problem(500, 'Internal Server Error'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(new QueryClient().fetchQuery(authorSearchQueryOptions('ann'))).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith(Messages.authorsFetchFailed);
  });

  it('reads one author by name', async () => {
    const api = answerApi(({ path }) => (path === '/api/v1/authors' ? { body: [] } : undefined));
    await new QueryClient().fetchQuery(authorNamedQueryOptions(' Leo Tolstoy '));
    expect(api.sent('GET', '/api/v1/authors').map((request) => request.search)).toEqual(['?name=Leo+Tolstoy']);
  });
});
