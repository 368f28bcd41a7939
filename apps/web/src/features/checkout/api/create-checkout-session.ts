import { useMutation } from '@tanstack/react-query';
import type { CheckoutSession, CreateCheckoutSession } from '@bookshop/contracts/checkout';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST v1/checkout/create-session` → 201: the API reserves the copies, creates a Pending order
 * and answers the provider's hosted payment page. 400 empty cart, 404 address, 409 stock or
 * next-day delivery.
 */
export function createCheckoutSession(body: CreateCheckoutSession): Promise<CheckoutSession> {
  return api<CheckoutSession>('v1/checkout/create-session', { method: 'POST', body });
}

/** The checkout page explains a refusal beside the button, so no toast as well (decision 029). */
export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession, meta: { errorToast: false } });
}
