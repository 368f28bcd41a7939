import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stockAlertKeys } from '../../../lib/query-keys.ts';

/** `POST v1/stock-alerts`: be e-mailed once when a sold-out book is back (201 new, 200 already asked). */
export function askStockAlert(bookId: number): Promise<unknown> {
  return api<unknown>('v1/stock-alerts', { method: 'POST', body: { bookId } });
}

export function useAskStockAlert() {
  const queryClient = useQueryClient();
  // The button shows its own failure toast with the server's words.
  return useMutation({
    mutationFn: askStockAlert,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.all }),
  });
}
