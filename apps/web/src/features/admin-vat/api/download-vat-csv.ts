import { useMutation } from '@tanstack/react-query';
import type { VatReportQuery } from '@bookshop/contracts/reports';
import { apiFile, toQueryString } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * `GET v1/reports/vat.csv`: every tax document of the period. It needs the bearer token, so it is
 * fetched and then saved rather than linked.
 */
async function downloadVatCsv({ from, to }: VatReportQuery): Promise<void> {
  const { blob, fileName } = await apiFile(`v1/reports/vat.csv${toQueryString({ from, to })}`, {
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, fileName ?? `vat-${from}-to-${to}.csv`);
}

export function useDownloadVatCsv() {
  return useMutation({ mutationFn: downloadVatCsv });
}
