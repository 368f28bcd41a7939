import { useMutation } from '@tanstack/react-query';
import type { CashOrderPlaced, CheckoutSession, CreateCheckoutSession } from '@bookshop/contracts/checkout';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST v1/checkout/create-session` → 201: the API reserves the copies, creates a Pending order
 * and answers the provider's hosted payment page; for cash on delivery, the order is placed and
 * the answer is the shop's confirmation page (decision 081). 400 empty cart, 404 address, 409
 * stock, next-day delivery or cash on delivery refused.
 */
export function createCheckoutSession(body: CreateCheckoutSession): Promise<CheckoutSession | CashOrderPlaced> {
  return api<CheckoutSession | CashOrderPlaced>('v1/checkout/create-session', { method: 'POST', body });
}

/** The checkout page explains a refusal beside the button, so no toast as well (decision 029). */
export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession, meta: { errorToast: false } });
}
