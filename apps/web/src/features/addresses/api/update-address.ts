import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, UpdateAddress } from '@bookshop/contracts/addresses';
import { api } from '../../../lib/api-client.ts';
import { storeAddress } from './get-addresses.ts';

/** `PUT v1/customers-addresses` with the id in the body. */
export function updateAddress(body: UpdateAddress): Promise<Address> {
  return api<Address>('v1/customers-addresses', { method: 'PUT', body });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAddress, onSuccess: (saved) => storeAddress(queryClient, saved) });
}
