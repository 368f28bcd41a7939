import { queryOptions } from '@tanstack/react-query';
import type { ShortLink } from '@bookshop/contracts/links';
import { api } from '../../../lib/api-client.ts';
import { shortLinkKeys } from '../../../lib/query-keys.ts';

/** `POST v1/link-shortner`: the short link of a page of this shop (a path from the root, or a full address). */
export function createShortLink(originalUrl: string): Promise<ShortLink> {
  return api<ShortLink>('v1/link-shortner', { method: 'POST', body: { originalUrl } });
}

/**
 * The same page always gets the same link (docs/decisions/042-short-links.md), so the POST is
 * cached like a read: a second Share of the page asks nothing.
 */
export const shortLinkQueryOptions = (originalUrl: string) =>
  queryOptions({
    queryKey: shortLinkKeys.url(originalUrl),
    queryFn: () => createShortLink(originalUrl),
    staleTime: Infinity,
    retry: false,
  });
