import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from './api-prefix.ts';
import { callerOf } from './auth.ts';

/** The document's names for the two ways a caller proves who they are. */
export const SecurityScheme = {
  /** The access token of `Authorization: Bearer …`, checked by the guards of platform/auth.ts. */
  bearer: 'bearerAuth',
  /** The httpOnly refresh cookie, read by the session endpoints only. */
  refreshCookie: 'refreshCookie',
} as const;

/** An operation's `security`: the schemes that authorise it, `{}` where calling without one is fine too. */
type Security = Record<string, never[]>[];

/**
 * The OpenAPI document, made from every route's zod schemas as the modules register them, and
 * its browsable page at /api/docs. Registered before the modules, so it sees all their routes.
 * How each operation is authorised is read from the route itself, never listed by hand (decision 075).
 */
export async function registerDocs(app: FastifyInstance, options: { refreshCookieName: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Bookshop API',
        version: '1.0.0',
        description: `Call with \`Authorization: Bearer <accessToken>\` from the login answer; the refresh cookie renews it at \`POST ${API_PREFIX}/v1/users/app-rt\`. Errors are application/problem+json.`,
      },
      // The API is served by the shop it documents, under the same origin as this document.
      servers: [{ url: '/', description: 'This shop' }],
      components: {
        securitySchemes: {
          [SecurityScheme.bearer]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a login, valid for 15 minutes and while its session runs.',
          },
          [SecurityScheme.refreshCookie]: {
            type: 'apiKey',
            in: 'cookie',
            name: options.refreshCookieName,
            description: `The httpOnly session cookie set by login, sent only to ${API_PREFIX}/v1/users.`,
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const { route } = input;
      if (!transformed.schema || transformed.schema.hide) return transformed;
      const { security, callers } = authorisationOf(route);
      const description = [transformed.schema.description, callers.length && `Who may call: ${callers.join('; ')}.`];
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          operationId: transformed.schema.operationId ?? operationIdOf(route.method, route.url),
          security,
          ...(callers.length > 0 && { description: description.filter(Boolean).join('\n\n') }),
        },
      };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}

/**
 * How a route is authorised, from what protects it: an auth guard in any hook means the bearer
 * token, and the guards say who may call; otherwise the route's own `security` (the session
 * endpoints name the refresh cookie); otherwise none, `[]`. A route that both has a guard and
 * names its own schemes is a mistake.
 */
function authorisationOf(route: RouteOptions): { security: Security; callers: string[] } {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat();
  const callers = hooks.map(callerOf).filter((caller) => caller !== undefined);
  const own = (route.schema as { security?: Security } | undefined)?.security;
  if (callers.length === 0) return { security: own ?? [], callers };
  if (own) throw new Error(`${String(route.method)} ${route.url} has an auth guard and its own security`);
  return { security: [{ [SecurityScheme.bearer]: [] }], callers };
}

/**
 * The one rule for operation ids, unless a route names its own: the method, then the path's words
 * after the API prefix, a parameter as `By…` (`GET /v1/books/{title}` → `getBooksByTitle`). Stable
 * while the path is, and what a generated client calls the operation.
 */
export function operationIdOf(method: RouteOptions['method'], url: string): string {
  const words = url
    .replace(new RegExp(`^${API_PREFIX}/v\\d+/`), '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...wordsOf(segment.slice(1))] : wordsOf(segment)));
  const verb = String(method).toLowerCase();
  return verb + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** `review-by` → review, by; `export.csv` → export, csv. */
const wordsOf = (text: string): string[] => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
