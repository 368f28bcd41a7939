import { useMutation } from '@tanstack/react-query';
import type { OrderExportQuery } from '@bookshop/contracts/orders';
import { apiFile, toQueryString } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * `GET v1/orders/export.csv` with the list's filters, no paging. It needs the bearer token, so it
 * is fetched and then saved rather than linked.
 */
export async function downloadOrdersCsv(filters: OrderExportQuery): Promise<void> {
  const { blob, fileName } = await apiFile(`v1/orders/export.csv${toQueryString(filters)}`, {
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, fileName ?? 'orders.csv');
}

export function useDownloadOrdersCsv() {
  return useMutation({ mutationFn: downloadOrdersCsv });
}
