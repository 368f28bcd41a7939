import { randomBytes } from 'node:crypto';
import { LinkMessages, SHORT_LINK_URL_MAX_LENGTH, shortLinkPath, type ShortLink } from '@bookshop/contracts/links';
import type { Tx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as queries from './queries.ts';

export type LinksDeps = {
  db: Tx;
  /** The shop's address (PUBLIC_URL); only its origin counts. */
  publicUrl: string;
  /** Makes a candidate id; tests replace it to force a collision. */
  newId?: () => string;
};

/** 48 bits from the CSPRNG: 8 base64url characters, no padding, nothing to guess from the last one. */
const randomId = () => randomBytes(6).toString('base64url');

/** A taken id is retried; at 48 bits even millions of links make a second collision unheard of. */
const MAX_ATTEMPTS = 5;

/** Control characters and backslashes: browsers and URL parsers disagree about them (`/\evil.example`). */
const isAmbiguous = (input: string) =>
  [...input].some((char) => char === '\\' || char <= '\u001f' || char === '\u007f');

const notInShop = () => badRequest(LinkMessages.urlNotInShop, { originalUrl: [LinkMessages.urlNotInShop] });

/**
 * The address as a path from the shop's origin (path, query and fragment), or a 400 naming
 * `originalUrl`. Accepts `/…` and absolute http(s) addresses on `origin` only: no other host or
 * scheme, no `//host`, no credentials, so a short link can never lead off the shop.
 */
function shopPathOf(input: string, origin: string): string {
  if (isAmbiguous(input) || input.startsWith('//')) throw notInShop();
  if (!input.startsWith('/') && !/^https?:\/\//i.test(input)) throw notInShop();
  let url: URL;
  try {
    url = new URL(input, origin);
  } catch {
    throw notInShop();
  }
  if (url.origin !== origin || url.username || url.password) throw notInShop();
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `https://shop//evil.example` would be a protocol-relative path once the origin is dropped.
  if (path.startsWith('//')) throw notInShop();
  if (path.length > SHORT_LINK_URL_MAX_LENGTH)
    throw badRequest(LinkMessages.urlTooLong, { originalUrl: [LinkMessages.urlTooLong] });
  return path;
}

export function createLinksService({ db, publicUrl, newId = randomId }: LinksDeps) {
  const origin = new URL(publicUrl).origin;

  /** The link's id, made on first use; the unique target means concurrent calls agree on one. */
  async function idFor(targetPath: string): Promise<string> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await queries.findIdByTarget(db, targetPath);
      if (existing) return existing;
      const id = newId();
      if (await queries.insertIfAbsent(db, id, targetPath)) return id;
      // Nothing inserted: someone shortened the same address meanwhile (read on the next turn), or the id was taken.
    }
    throw new Error(`No free short link id after ${MAX_ATTEMPTS} attempts`);
  }

  return {
    /**
     * The page a link leads to as a path on the shop (never `//…`); undefined for an unknown id.
     * The redirect sends it as it is, so the page opens on the origin the link was opened by (decision 070).
     */
    async find(id: string): Promise<string | undefined> {
      const targetPath = await queries.findTargetById(db, id);
      // Stored paths never look like `//host` (shopPathOf); a row that does is not followed off the shop.
      return targetPath?.startsWith('/') && !/^\/[/\\]/.test(targetPath) ? targetPath : undefined;
    },

    async shorten(originalUrl: string): Promise<ShortLink> {
      const id = await idFor(shopPathOf(originalUrl, origin));
      return { id, shortUrl: `${origin}${shortLinkPath(id)}` };
    },

    /** The full address a link leads to, on the current PUBLIC_URL. */
    async resolve(id: string): Promise<string> {
      const targetPath = await queries.findTargetById(db, id);
      if (targetPath === undefined) throw notFound(LinkMessages.notFound);
      return `${origin}${targetPath}`;
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
