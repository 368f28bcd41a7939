import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStockMovement, StockMovement } from '@bookshop/contracts/stock';
import { api } from '../../../../lib/api-client.ts';
import { bookKeys, staffBookKeys, stockMovementKeys } from '../../../../lib/query-keys.ts';

/** `POST v1/books/{id}/stock-movements`: copies received, damaged or a counted correction (books:manage). */
export const addStockMovement = (bookId: number, movement: CreateStockMovement) =>
  api<StockMovement>(`v1/books/${bookId}/stock-movements`, { method: 'POST', body: movement });

export function useAddStockMovement(bookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movement: CreateStockMovement) => addStockMovement(bookId, movement),
    onSuccess: () => {
      // The ledger, the staff table's stock column and the storefront's copies for sale moved.
      void queryClient.invalidateQueries({ queryKey: stockMovementKeys.book(bookId) });
      void queryClient.invalidateQueries({ queryKey: staffBookKeys.all });
      void queryClient.invalidateQueries({ queryKey: bookKeys.all });
    },
    // Its refusals (409 below zero, 400 field errors) show in the form.
    meta: { errorToast: false },
  });
}
