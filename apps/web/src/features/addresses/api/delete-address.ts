import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@bookshop/contracts/addresses';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from '../../../lib/query-keys.ts';

/** `DELETE v1/customers-addresses/{id}` → 204. */
export function deleteAddress(id: number): Promise<void> {
  return api<void>(`v1/customers-addresses/${id}`, { method: 'DELETE' });
}

/**
 * Spec section 4: deleting is optimistic; an error puts the address back. The list is refetched
 * afterwards because deleting the main address makes another one main (decision 012).
 */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: addressKeys.list });
      const previous = queryClient.getQueryData<Address[]>(addressKeys.list);
      queryClient.setQueryData<Address[]>(addressKeys.list, (list) => list?.filter((address) => address.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      queryClient.setQueryData(addressKeys.list, context?.previous);
    },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: addressKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.list }),
  });
}
