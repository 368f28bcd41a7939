import type { FastifyRequest } from 'fastify';

/** `localhost`, 127.0.0.0/8 (the URL parser writes an IPv4 address in this dotted form) and `[::1]`. */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * The origin a customer is browsing the shop by, for an absolute address that leads them back
 * (Stripe's success and cancel URLs; decision 070): the request's own origin when it is
 * PUBLIC_URL's or a loopback one (`localhost`, `127.x.x.x`, `[::1]`, any port), else PUBLIC_URL's.
 * A Host header is the client's to write, so any other name is not taken on its word; a loopback
 * name can only lead the customer back to their own machine.
 */
export function returnOrigin(request: FastifyRequest, publicUrl: string): string {
  const shop = new URL(publicUrl).origin;
  let own: URL;
  try {
    own = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return shop;
  }
  const isOwn = own.origin === shop || isLoopback(own.hostname);
  return isOwn && own.pathname === '/' && !own.username && !own.password ? own.origin : shop;
}
