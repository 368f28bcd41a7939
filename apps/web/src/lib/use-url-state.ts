import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '@bookshop/contracts/constants';
import { PageQuerySchema } from '@bookshop/contracts/pagination';

/*
 * A list page's filters, sort and page live in the URL, so a reload or a shared link shows the
 * same list (decision 066). Each field is read with the contract's own schema for that query
 * parameter: a shared or hand-edited URL may hold anything, and a value the API would refuse
 * falls back to the field's default instead of becoming an error page.
 */

type UrlSchema = z.ZodObject<z.core.$ZodShape>;

/**
 * What a page may write: a value, or the text the URL would hold (a select's 'true'). Either is
 * read back through the schema, so text the schema refuses gives the field's default.
 */
export type UrlStateChange<S extends UrlSchema> = { [K in keyof z.output<S>]?: z.output<S>[K] | string };

/** The page sizes a list's picker offers; another size in the URL gives the default. */
export const pickerPageSize = PageQuerySchema.shape.pageSize.refine((size) =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(size),
);

/** Paging comes last in the URL, after the filters it pages through. */
const PAGING_KEYS = ['pageSize', 'pageNo'];

/** A field's value when the URL has none it accepts: its default, or undefined. */
function fallback(field: z.core.$ZodType): unknown {
  const result = z.safeParse(field, undefined);
  return result.success ? result.data : undefined;
}

/** A query parameter's text: lists hold strings, numbers and booleans; nothing is ''. */
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** The state the query string holds, one field at a time. */
export function readUrlState<S extends UrlSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = params.get(key);
    const parsed = raw === null || raw === '' ? undefined : z.safeParse(field, raw);
    state[key] = parsed?.success ? parsed.data : fallback(field);
  }
  return state as z.output<S>;
}

/** `state` written over `base`: empty fields and defaults leave the URL; other parameters stay. */
function writeUrlState(schema: UrlSchema, state: Record<string, unknown>, base: URLSearchParams) {
  const fields = Object.entries(schema.shape);
  const params = new URLSearchParams(base);
  for (const [key] of fields) params.delete(key);
  const paging = (key: string) => PAGING_KEYS.indexOf(key);
  for (const [key, field] of fields.sort(([a], [b]) => paging(a) - paging(b))) {
    const value = text(state[key]);
    if (value === '' || value === text(fallback(field))) continue;
    params.set(key, value);
  }
  return params;
}

/**
 * The list state in the URL and its setter. A change that does not name `pageNo` (a filter, the
 * sort, the page size) starts again at page 1; `replace` keeps typing out of the history.
 */
export function useUrlState<S extends UrlSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUrlState(schema, params), [schema, params]);
  const update = useCallback(
    (change: UrlStateChange<S>, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (previous) =>
          writeUrlState(schema, { ...readUrlState(schema, previous), pageNo: undefined, ...change }, previous),
        { replace },
      ),
    [schema, setParams],
  );
  return [state, update] as const;
}
