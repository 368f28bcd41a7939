import type { Page } from 'playwright-core';

/**
 * What staff do on an order's page in the admin area (issue 22): pack, ship, mark delivered, each
 * through its confirmation dialog, waiting for the notice that says it was done.
 */
export async function openStaffOrder(staff: Page, order: { orderId: number; orderNumber: string }) {
  await staff.goto(`/admin/dashboard/orders/${order.orderId}`);
  await staff.getByRole('heading', { name: new RegExp(`Order ${order.orderNumber}`) }).waitFor();
}

export async function markPacked(staff: Page, orderNumber: string) {
  await staff.getByRole('button', { name: 'Mark as packed' }).click();
  const dialog = staff.getByRole('dialog', { name: `Mark order ${orderNumber} as packed?` });
  await dialog.getByRole('button', { name: 'Mark as packed' }).click();
  await dialog.waitFor({ state: 'detached' });
  await staff.getByText(`Order ${orderNumber} is packed.`).waitFor();
}

/**
 * Opens 'Ship', chooses the carrier and types the tracking number (none for the shop's van);
 * `beforeShipping` runs with the dialog open (an accessibility check, a screenshot).
 */
export async function ship(
  staff: Page,
  orderNumber: string,
  parcel: { carrier: string; carrierName: string; trackingNumber?: string; copies: number },
  beforeShipping?: () => Promise<void>,
) {
  await staff.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  await dialog.getByRole('option', { name: parcel.carrierName }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Carrier').selectOption(parcel.carrier);
  if (parcel.trackingNumber) await dialog.getByLabel('Tracking number').fill(parcel.trackingNumber);
  await beforeShipping?.();
  await dialog
    .getByRole('button', { name: `Ship ${parcel.copies} ${parcel.copies === 1 ? 'copy' : 'copies'}` })
    .click();
  await dialog.waitFor({ state: 'detached' });
  await staff.getByText(`Order ${orderNumber} is on its way.`).waitFor();
}

/** 'Mark as delivered' beside parcel `n`; answers the confirmation's text (it says when cash is taken). */
export async function markDelivered(staff: Page, orderNumber: string, n = 1) {
  await staff.getByRole('button', { name: `Mark as delivered (parcel ${n})` }).click();
  const dialog = staff.getByRole('dialog', { name: `Mark parcel ${n} of order ${orderNumber} as delivered?` });
  const text = await dialog.innerText();
  await dialog.getByRole('button', { name: 'Mark as delivered' }).click();
  await dialog.waitFor({ state: 'detached' });
  await staff.getByText(`Parcel ${n} of order ${orderNumber} is delivered.`).waitFor();
  return text;
}

/** The step the order's 'Progress' timeline is at, e.g. 'Packed 26/11/2026, 09:14'. */
export const currentStep = (page: Page) =>
  page.getByRole('region', { name: 'Progress' }).locator('[aria-current="step"]').innerText();
