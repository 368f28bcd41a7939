import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerOptions as HttpServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { PUBLIC_SHARED } from './cache-control.ts';
import { answerSentOn, chooseEncoding, etagOf, type PreparedAnswer } from './prepared-answer.ts';
import { logCompleted, REQUEST_ID_HEADER, requestIdFor } from './request-logging.ts';

/*
 * Repeats of public answers, sent by the HTTP server before the framework (issue 25, decision 110).
 * A kept page or cached catalogue read costs little to find, but its way through Fastify's hooks
 * (security headers, request id, cache rules, compression, load shedding, metrics, the log line)
 * cost a kept page three to four times what a bare server spends sending the same bytes. So the
 * first request for a URL goes the whole way; what it sent (the answer and every header) is
 * remembered for a second, and an identical anonymous GET in that second gets the same bytes
 * and headers straight from here, still counted in the metrics and logged like any other.
 */

/** How long a URL's answer is repeated before the whole way is taken again; catalogue changes end it at once. */
export const REPEAT_MS = 1_000;
/** URLs remembered at once; the oldest is forgotten first. */
const MAX_URLS = 2_000;

/** Headers made for each answer; all the others are the remembered answer's. */
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  REQUEST_ID_HEADER,
]);

type ServerOptions = {
  http?: HttpServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

type Repeat = {
  answer: PreparedAnswer;
  /** Every header of the answer the framework sent, less the PER_ANSWER ones. */
  headers: OutgoingHttpHeaders;
  /** The metrics' and log line's route pattern, as the framework named it. */
  route: string | undefined;
  generation: number;
  until: number;
};

export type RepeatOptions = {
  /** The catalogue changes this instance has heard: any new one ends every repeat. */
  generation: () => number;
};

/** Only a request that any visitor could have made: no credentials, no revalidation (the framework answers 304s). */
const repeatable = (request: IncomingMessage) =>
  request.method === 'GET' &&
  request.headers.cookie === undefined &&
  request.headers.authorization === undefined &&
  request.headers['if-none-match'] === undefined;

/**
 * Built before the app (its server factory goes to Fastify's options) and attached once the app
 * has its catalogue; until then, and for anything it does not remember, every request goes to
 * the framework.
 */
export class RepeatAnswers {
  readonly #repeats = new Map<string, Repeat>();
  #attached: { app: FastifyInstance; generation: () => number } | undefined;

  /** Fastify's `serverFactory`: its own HTTP/1 server, with this in front of the framework's handler. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    // Fastify hands over its options with its defaults filled in.
    const options = fastifyOptions as ServerOptions;
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!this.#send(request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself (fastify/lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Remembers what the framework sends to a repeatable request for a public answer. */
  attach(app: FastifyInstance, options: RepeatOptions) {
    this.#attached = { app, generation: options.generation };
    // The changes heard when the request came: one heard while it was answered makes its answer
    // possibly older than the change, so it is never repeated after it.
    const generationAtStart = new WeakMap<IncomingMessage, number>();
    app.addHook('onRequest', (request, _reply, done) => {
      if (repeatable(request.raw)) generationAtStart.set(request.raw, options.generation());
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      done();
      const answer = answerSentOn(reply.raw);
      const generation = generationAtStart.get(request.raw);
      if (!answer || generation === undefined || reply.statusCode !== 200 || app.isDraining()) return;
      const headers = reply.raw.getHeaders();
      if (headers['cache-control'] !== PUBLIC_SHARED) return;
      for (const name of PER_ANSWER) delete headers[name];
      const now = performance.now();
      this.#repeats.delete(request.url);
      this.#repeats.set(request.url, {
        answer,
        headers,
        route: request.routeOptions.url,
        generation,
        until: now + REPEAT_MS,
      });
      // Oldest first, as they were set: nothing is held past its second (the caches behind it may
      // have let the answer go), nor more than MAX_URLS.
      for (const [url, repeat] of this.#repeats) {
        if (repeat.until > now && this.#repeats.size <= MAX_URLS) break;
        this.#repeats.delete(url);
      }
    });
    app.addHook('onClose', (_app, done) => {
      this.#repeats.clear();
      done();
    });
  }

  /** Sends the remembered answer to `request`, or answers false to leave it to the framework. */
  #send(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    if (!this.#attached || !url || !repeatable(request)) return false;
    const repeat = this.#repeats.get(url);
    if (!repeat) return false;
    const { app, generation } = this.#attached;
    const started = performance.now();
    if (repeat.generation !== generation() || started > repeat.until) {
      this.#repeats.delete(url);
      return false;
    }
    // Shedding load, or shutting down (connection: close): the framework's rules apply.
    if (app.isUnderPressure() || app.isDraining()) return false;
    const encoding = chooseEncoding(request.headers['accept-encoding'], repeat.answer);
    const body = repeat.answer.bodies[encoding];
    // Not compressed in this encoding yet: the framework compresses it once and keeps it.
    if (!body) return false;
    const id = requestIdFor(request);
    response.writeHead(200, {
      ...repeat.headers,
      [REQUEST_ID_HEADER]: id,
      etag: etagOf(repeat.answer, encoding),
      ...(encoding !== 'identity' && { 'content-encoding': encoding }),
      'content-length': body.length,
    });
    response.end(body);
    const responseTimeMs = performance.now() - started;
    app.countAnswer({ method: 'GET', route: repeat.route, statusCode: 200 }, responseTimeMs / 1000);
    logCompleted(app.log, { reqId: id, method: 'GET', route: repeat.route, url, statusCode: 200, responseTimeMs });
    return true;
  }
}
