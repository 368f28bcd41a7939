import { z } from 'zod';
import { LinkMessages, SHORT_LINK_URL_MAX_LENGTH } from './link-messages.ts';

// Re-exported so the API keeps one import for the short-link contract; the Share button imports
// link-messages.ts itself, without zod.
export { LinkMessages, SHORT_LINK_URL_MAX_LENGTH } from './link-messages.ts';

/** A short link's id: up to 8 URL-safe (base64url) characters. */
export const SHORT_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{1,8}$/;

/** Where a short link is followed: `{origin}/s/{id}` answers a 301 to the page. */
export const shortLinkPath = (id: string) => `/s/${id}`;

/**
 * `POST v1/link-shortner`: an address of this shop, absolute (`https://shop/books/Emma`) or from
 * the root (`/books/Emma`). Which origin is "this shop" is the server's PUBLIC_URL, so that
 * check is the server's; the shape and length are checked here.
 */
export const CreateShortLinkSchema = z.object({
  originalUrl: z
    .string({ error: LinkMessages.urlRequired })
    .trim()
    .min(1, LinkMessages.urlRequired)
    .max(SHORT_LINK_URL_MAX_LENGTH, LinkMessages.urlTooLong),
});

/** The answer of `POST v1/link-shortner`: the same address always gets the same id. */
export const ShortLinkSchema = z.object({ id: z.string(), shortUrl: z.string() });
export type ShortLink = z.infer<typeof ShortLinkSchema>;

export const ShortLinkParamsSchema = z.object({
  id: z.string().regex(SHORT_LINK_ID_PATTERN, LinkMessages.idInvalid),
});

/** `GET v1/link-shortner/{id}`: the full address of the page, on the shop's current PUBLIC_URL. */
export const ShortLinkTargetSchema = z.object({ originalUrl: z.string() });
