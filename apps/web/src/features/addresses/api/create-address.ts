import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, CreateAddress } from '@bookshop/contracts/addresses';
import { api } from '../../../lib/api-client.ts';
import { storeAddress } from './get-addresses.ts';

/** `POST v1/customers-addresses` → 201 with the saved address. */
export function createAddress(body: CreateAddress): Promise<Address> {
  return api<Address>('v1/customers-addresses', { method: 'POST', body });
}

/** Spec section 4: adding appends to the cached list with the returned id. */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAddress, onSuccess: (saved) => storeAddress(queryClient, saved) });
}
