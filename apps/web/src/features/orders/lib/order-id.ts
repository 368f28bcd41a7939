import { OrderParamsSchema } from '@bookshop/contracts/orders';

/** The order id in a page's URL, by the API's own rule, so an id it would refuse is never asked for. */
export function parseOrderId(raw: string | undefined): number | undefined {
  const parsed = OrderParamsSchema.shape.id.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
