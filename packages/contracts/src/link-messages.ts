/*
 * The short links' length limit and words, without zod: the book page's Share button shows some
 * of them, and importing links.ts for them would put zod in that page's critical JavaScript.
 */

/**
 * Longest shop address that can be shortened, before and after normalisation (percent-encoding
 * can make it longer). Kept under PostgreSQL's b-tree entry limit (about 2.7 KB), since the
 * normalised address carries a unique index (docs/decisions/042-short-links.md).
 */
export const SHORT_LINK_URL_MAX_LENGTH = 2048;

export const LinkMessages = {
  urlRequired: 'The URL is required.',
  urlTooLong: `The URL must be at most ${SHORT_LINK_URL_MAX_LENGTH} characters long.`,
  urlNotInShop: 'Only addresses of pages in this shop can be shortened.',
  idInvalid: 'A short link id is 1 to 8 letters, digits, "-" or "_".',
  notFound: 'This short link does not exist.',
  copied: 'Link copied.',
  shareFailed: 'Could not share the link.',
  shareFailedDetail: 'Your browser allowed neither sharing nor copying. Copy the address from the address bar instead.',
} as const;
