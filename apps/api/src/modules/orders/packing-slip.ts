import { formatPhoneNumber } from '@bookshop/contracts/addresses';
import { countryName } from '@bookshop/contracts/country-name';
import type { StaffOrder } from '@bookshop/contracts/orders';
import { formatShopDateTime } from '@bookshop/contracts/shop-clock';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The packing slip staff print and put in the box (decision 078): the order number as the page's
 * heading (large text, readable across the packing table), the delivery address and every line
 * with its copies, and what is left to ship when parcels already went. Plain semantic HTML with no
 * styles or scripts, so the shop's strict CSP needs no exception and any browser prints it. The
 * courier's line names whom to hand the parcel to and the emirate (decision 079), else the
 * customer's user name for an order placed before orders kept a recipient.
 */
export function renderPackingSlip(order: StaffOrder): string {
  const shipped = new Map<number, number>();
  for (const shipment of order.shipments)
    for (const line of shipment.lines) shipped.set(line.bookId, (shipped.get(line.bookId) ?? 0) + line.quantity);
  const anyShipped = order.shipments.length > 0;
  const rows = order.items
    .map((item) => {
      const left = item.quantity - (shipped.get(item.bookId) ?? 0);
      return `<tr><td>${escapeHtml(item.title)}</td><td>${item.quantity}</td>${anyShipped ? `<td>${left}</td>` : ''}<td>☐</td></tr>`;
    })
    .join('\n');
  const copies = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const { address } = order;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Packing slip ${escapeHtml(order.orderNumber)}</title>
</head>
<body>
<h1>${escapeHtml(order.orderNumber)}</h1>
<p>Packing slip · placed ${escapeHtml(formatShopDateTime(order.createdAt))} · ${escapeHtml(order.deliveryMethod.name)}</p>
<h2>Deliver to</h2>
<address>
<strong>${escapeHtml(address.recipientName ?? order.customerUserName)}</strong><br>
${escapeHtml(address.address)}<br>
${escapeHtml(address.city)}${address.zipCode ? ` ${escapeHtml(address.zipCode)}` : ''}${address.emirate && address.emirate !== address.city ? `, ${escapeHtml(address.emirate)}` : ''}<br>
${escapeHtml(countryName(address.country))}<br>
${escapeHtml(formatPhoneNumber(address.phoneNo))}
</address>
<h2>Books (${copies} ${copies === 1 ? 'copy' : 'copies'})</h2>
<table>
<thead><tr><th scope="col">Title</th><th scope="col">Copies</th>${anyShipped ? '<th scope="col">Left to ship</th>' : ''}<th scope="col">Packed</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
