import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { authorNamedQueryOptions, authorSearchQueryOptions } from '../../../lib/api/get-authors.ts';

/** The picker's suggestions while its list is open; the last answer stays shown while the next is on its way. */
export function useAuthorSearch(text: string, enabled: boolean) {
  return useQuery({ ...authorSearchQueryOptions(text), enabled, placeholderData: keepPreviousData });
}

export function useAuthorNamed(name: string | undefined) {
  const query = useQuery({ ...authorNamedQueryOptions(name ?? ''), enabled: Boolean(name) });
  const author = query.data?.find((item) => item.name.toLowerCase() === name?.toLowerCase());
  return { author, unknown: query.isSuccess && !author };
}
