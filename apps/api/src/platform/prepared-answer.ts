import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedChoices } from './accept-header.ts';

/*
 * An answer many clients get alike (a public catalogue page or API read), serialised and
 * compressed once when it is made, then sent as it is on every hit: the server neither renders,
 * serialises nor compresses it again (issue 25). Sent with a strong ETag per encoding, so a
 * client or CDN revalidating gets 304, and `Vary: Accept-Encoding`.
 */

/** Below this, compressing costs more than it saves (app.ts's @fastify/compress threshold). */
const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality 5 compresses about as fast as gzip's default and smaller (answers are made often). */
const BROTLI_QUALITY = 5;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

export type PreparedAnswer = {
  readonly contentType: string;
  /** The content's hash: the opaque part of every encoding's ETag. */
  readonly hash: string;
  readonly bodies: Readonly<Partial<Record<Encoding, Buffer>>> & { readonly identity: Buffer };
};

/** Compresses a serialised answer once, in both encodings, beside the plain one. */
export async function prepareAnswer(content: string | Buffer, contentType: string): Promise<PreparedAnswer> {
  const identity = typeof content === 'string' ? Buffer.from(content) : content;
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  if (identity.length < COMPRESS_MIN_BYTES) return { contentType, hash, bodies: { identity } };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(identity),
  ]);
  return { contentType, hash, bodies: { identity, br, gzip: gz } };
}

/** The encoding to send: the accepted one with the highest q, brotli before gzip on a tie, else none. */
function chooseEncoding(acceptEncoding: string | undefined, answer: PreparedAnswer): Encoding {
  const choices = acceptedChoices(acceptEncoding);
  const qOf = (encoding: Encoding) =>
    choices.find((choice) => choice.value === encoding)?.q ?? choices.find((choice) => choice.value === '*')?.q ?? 0;
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const q = qOf(encoding);
    if (answer.bodies[encoding] && q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

const etagOf = (answer: PreparedAnswer, encoding: Encoding) =>
  encoding === 'identity' ? `"${answer.hash}"` : `"${answer.hash}-${encoding}"`;

/**
 * Whether If-None-Match names this content in any encoding (weak comparison, as RFC 9110 asks of
 * If-None-Match): a cache holding any encoding of it holds a current copy.
 */
export function namesThisContent(ifNoneMatch: string | undefined, answer: PreparedAnswer): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '');
    return opaque === '*' || opaque.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === answer.hash;
  });
}

/**
 * Sends a prepared answer in the encoding the client accepts, or 304 when its If-None-Match names
 * it, with `cacheControl` and `Vary: Accept-Encoding` (plus `vary`, such as Accept-Language).
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  options: { cacheControl: string; vary?: readonly string[] },
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding'], answer);
  reply
    .header('cache-control', options.cacheControl)
    .header('vary', ['Accept-Encoding', ...(options.vary ?? [])].join(', '))
    .header('etag', etagOf(answer, encoding));
  // Only a success is revalidated: a 404 page is sent whole.
  if (reply.statusCode === 200 && namesThisContent(request.headers['if-none-match'], answer))
    return reply.code(304).send();
  // Already encoded: @fastify/compress leaves an answer with a Content-Encoding alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(answer.contentType).send(answer.bodies[encoding]);
}
