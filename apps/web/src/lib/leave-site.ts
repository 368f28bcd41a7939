/** Sends the browser to another site (the payment provider's hosted page); tests replace it with vi.mock. */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
