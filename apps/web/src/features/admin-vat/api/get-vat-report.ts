import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VatReport, VatReportQuery } from '@bookshop/contracts/reports';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { vatReportKeys } from '../../../lib/query-keys.ts';

/** `GET v1/reports/vat` (reports:view): the VAT return's figures for a period of shop days. */
export function useVatReport({ from, to }: VatReportQuery) {
  return useQuery({
    queryKey: vatReportKeys.period(from, to),
    queryFn: ({ signal }) => api<VatReport>(`v1/reports/vat${toQueryString({ from, to })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
