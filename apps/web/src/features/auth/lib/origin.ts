import type { Location } from 'react-router';

/** Route state that remembers where the visitor was sent away from (spec: "remembering the origin"). */
export type OriginState = { from: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** The remembered origin as a path, if the state holds one that stays inside this site. */
export function originOf(state: unknown): string | undefined {
  const from = (state as Partial<OriginState> | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return undefined;
  // A protocol-relative path ("//evil.test") would leave the site.
  if (!from.pathname.startsWith('/') || from.pathname.startsWith('//')) return undefined;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
