import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';

/**
 * `GET v1/orders/{id}/packing-slip` (orders:view): printable HTML. It needs the bearer token, so it
 * is fetched and shown in a tab opened at the click (a tab opened after the wait would be taken
 * for a pop-up), where staff print it.
 */
export async function openPackingSlip(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiFile(`v1/orders/${id}/packing-slip`, { headers: { Accept: 'text/html' } });
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has read it by then; the page keeps no reference.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useOpenPackingSlip(id: number) {
  return useMutation({ mutationFn: () => openPackingSlip(id) });
}
