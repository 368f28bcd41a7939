import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answersOneCaller, PRIVATE_NO_STORE, PUBLIC_SHARED } from './cache-control.ts';
import { prepareAnswerLazily, sendPrepared, type PreparedAnswer } from './prepared-answer.ts';

/*
 * Public API reads: answers the same for every anonymous caller (decision 101), made once into a
 * PreparedAnswer and sent as they are, with the CDN's Cache-Control, a strong ETag and 304.
 */

/** Fastify's type for the JSON its serializer writes. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A value serialised exactly as its route's response schema would (fastify-type-provider-zod:
 * `safeEncode` through the schema, then JSON.stringify), each encoding compressed once. Sending the bytes
 * skips the route's serializer, so this is where the schema still shapes and checks the answer.
 */
export function prepareJson<S extends z.ZodType>(schema: S, value: z.output<S>): Promise<PreparedAnswer> {
  const encoded = z.safeEncode(schema, value);
  // A server fault (500), as the route's serializer reports it, not the caller's bad input.
  if (encoded.error) return Promise.reject(new Error('An answer does not match its schema', { cause: encoded.error }));
  // Compressed when a client first asks for an encoding: an answer asked for once, as most lists
  // and searches of a large catalogue are, by a client that takes it plain, is never compressed.
  return Promise.resolve(prepareAnswerLazily(JSON.stringify(encoded.data), JSON_TYPE));
}

/**
 * Sends a public read: shared with `PUBLIC_SHARED` (any CDN may keep it), unless the request
 * carries credentials (a cookie, an Authorization header), which keeps the answer `private,
 * no-store` as every answer to such a request (cache-control.ts). The content never depends on
 * the request's language (its problems do, and are never shared), so only Accept-Encoding varies.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): Promise<FastifyReply> {
  return sendPrepared(request, reply, answer, {
    cacheControl: answersOneCaller(request) ? PRIVATE_NO_STORE : PUBLIC_SHARED,
  });
}
