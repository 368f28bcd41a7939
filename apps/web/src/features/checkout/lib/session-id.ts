/**
 * The provider's session id from the return URL (`?session_id=cs_…`), or undefined when it is
 * missing or not shaped like one (the API's CheckoutSessionQuerySchema rule), so the page can
 * say so without a request. Checked here rather than with the schema: contracts/checkout pulls
 * in the address schemas and their phone-number metadata.
 */
export function sessionIdFrom(search: URLSearchParams): string | undefined {
  const value = search.get('session_id');
  return value && value.length <= 255 && /^cs_[A-Za-z0-9_]+$/.test(value) ? value : undefined;
}
