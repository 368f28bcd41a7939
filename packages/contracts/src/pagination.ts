import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MIN_PAGE_SIZE } from './constants.ts';

export const PageQuerySchema = z.object({
  pageNo: z.coerce
    .number({ error: 'pageNo must be a whole number.' })
    .int('pageNo must be a whole number.')
    .min(1, 'pageNo must be 1 or more.')
    .max(1_000_000, 'pageNo is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number.' })
    .int('pageSize must be a whole number.')
    .min(MIN_PAGE_SIZE, `pageSize must be between ${MIN_PAGE_SIZE} and ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `pageSize must be between ${MIN_PAGE_SIZE} and ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const PaginationDetailsSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  noOfRecords: z.number().int(),
  pageSize: z.number().int(),
});
export type PaginationDetails = z.infer<typeof PaginationDetailsSchema>;

/** Every list endpoint answers `{ data, paginationDetails }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), paginationDetails: PaginationDetailsSchema });

export type Page<T> = { data: T[]; paginationDetails: PaginationDetails };

/** A page of `data` out of `noOfRecords` rows, as the query (`pageNo`, `pageSize`) asked for it. */
export const toPage = <T>(
  data: T[],
  noOfRecords: number,
  { pageNo, pageSize }: Pick<PageQuery, 'pageNo' | 'pageSize'>,
): Page<T> => ({
  data,
  paginationDetails: { currentPage: pageNo, totalPages: Math.ceil(noOfRecords / pageSize), noOfRecords, pageSize },
});
