import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedChoices } from './accept-header.ts';

/*
 * An answer many clients get alike (a public catalogue page or API read), serialised once, and
 * compressed once per encoding (when a request first accepts that encoding), then
 * sent as it is on every hit: the server neither renders, serialises nor compresses it again
 * (issue 25, decision 101). Sent with a strong ETag per encoding, so a
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
  /**
   * The bodies made so far: the plain one, and each compressed one once made, by the first request
   * that accepts it (a page first seen by a browser or CDN costs one compression, not two).
   */
  readonly bodies: Partial<Record<Encoding, Buffer>> & { readonly identity: Buffer };
  /** Large enough to be worth compressing. */
  readonly compressible: boolean;
};

const compress = (encoding: 'br' | 'gzip', identity: Buffer): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipAsync(identity);

/** The plain answer and its hash; nothing compressed yet. */
export function prepareAnswerLazily(content: string | Buffer, contentType: string): PreparedAnswer {
  const identity = typeof content === 'string' ? Buffer.from(content) : content;
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { contentType, hash, bodies: { identity }, compressible: identity.length >= COMPRESS_MIN_BYTES };
}

/** The encoding to send: the accepted one with the highest q, brotli before gzip on a tie, else none. */
export function chooseEncoding(acceptEncoding: string | undefined, answer: PreparedAnswer): Encoding {
  const choices = acceptedChoices(acceptEncoding);
  const qOf = (encoding: Encoding) =>
    choices.find((choice) => choice.value === encoding)?.q ?? choices.find((choice) => choice.value === '*')?.q ?? 0;
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const q = qOf(encoding);
    if (answer.compressible && q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

export const etagOf = (answer: PreparedAnswer, encoding: Encoding) =>
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

/** The prepared answer each response carries, for repeat-answers.ts to remember once it is sent. */
const sentAnswers = new WeakMap<ServerResponse, PreparedAnswer>();

/** The prepared answer `response` sent whole (not a 304), if it sent one. */
export const answerSentOn = (response: ServerResponse): PreparedAnswer | undefined => sentAnswers.get(response);

/**
 * Sends a prepared answer in the encoding the client accepts, or 304 when its If-None-Match names
 * it, with `cacheControl` and `Vary: Accept-Encoding` (plus `vary`, such as Accept-Language).
 */
export async function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  options: { cacheControl: string; vary?: readonly string[] },
): Promise<FastifyReply> {
  const encoding = chooseEncoding(request.headers['accept-encoding'], answer);
  reply
    .header('cache-control', options.cacheControl)
    .header('vary', ['Accept-Encoding', ...(options.vary ?? [])].join(', '))
    .header('etag', etagOf(answer, encoding));
  // Only a success is revalidated: a 404 page is sent whole.
  if (reply.statusCode === 200 && namesThisContent(request.headers['if-none-match'], answer))
    return reply.code(304).send();
  let body = answer.bodies.identity;
  if (encoding !== 'identity') {
    // Made by the first request that accepts it, then kept with the answer (two racing requests
    // may both make it; the result is the same).
    body = answer.bodies[encoding] ??= await compress(encoding, answer.bodies.identity);
    // Already encoded: @fastify/compress leaves an answer with a Content-Encoding alone.
    reply.header('content-encoding', encoding);
  }
  sentAnswers.set(reply.raw, answer);
  return reply.type(answer.contentType).send(body);
}
