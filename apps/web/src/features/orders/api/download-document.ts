import { useMutation } from '@tanstack/react-query';
import type { OrderDocument } from '@bookshop/contracts/vat';
import { apiFile } from '../../../lib/api-client.ts';

/**
 * `GET v1/orders/{id}/invoice` and `…/credit-notes/{number}` (the order's owner, or staff who may
 * view orders): the PDF of an issued tax document. The API wants the bearer token, so the file is
 * fetched and handed to the browser as a download under the name the API gives it.
 */
export async function downloadDocument(document: Pick<OrderDocument, 'url' | 'number'>): Promise<void> {
  const { blob, fileName } = await apiFile(document.url.replace(/^\/api\//, ''), {
    headers: { Accept: 'application/pdf' },
  });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName ?? `${document.number}.pdf`;
  window.document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the page keeps no reference.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
