import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Permission } from '@bookshop/contracts/roles';
import { uniqueIp } from '../test/app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { requireCustomer, requirePermission } from './auth.ts';
import { registerDocs, SecurityScheme } from './docs.ts';

type Operation = {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Document = {
  servers?: { url: string }[];
  components: { securitySchemes?: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
};

const bearer = [{ [SecurityScheme.bearer]: [] }];

describe('the OpenAPI document of /api/docs', () => {
  const { t } = useTestApp();
  const documentOf = async () => (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
  const operationsOf = (document: Document) =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );

  it('declares the bearer token and the refresh cookie, and the shop itself as its server', async () => {
    const document = await documentOf();
    expect(document.servers).toEqual([{ url: '/', description: 'This shop' }]);
    expect(document.components.securitySchemes).toMatchObject({
      [SecurityScheme.bearer]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      [SecurityScheme.refreshCookie]: { type: 'apiKey', in: 'cookie', name: 'bookshop_refresh' },
    });
  });

  it('says a protected route takes the bearer token, a public one nothing, the session refresh the cookie', async () => {
    const { paths } = await documentOf();
    expect(paths['/api/v1/cart']!.get!.security).toEqual(bearer);
    expect(paths['/api/v1/orders']!.get!.security).toEqual(bearer);
    expect(paths['/api/v1/users/{id}/role']!.patch!.security).toEqual(bearer);
    expect(paths['/api/v1/books']!.get!.security).toEqual([]);
    expect(paths['/api/v1/customers/login']!.post!.security).toEqual([]);
    expect(paths['/api/v1/users/app-rt']!.post!.security).toEqual([{ [SecurityScheme.refreshCookie]: [] }]);
    expect(paths['/api/v1/users/logout']!.post!.security).toEqual([{ [SecurityScheme.refreshCookie]: [] }, {}]);
  });

  it("says who may call a protected operation, from its route's guard", async () => {
    const { paths } = await documentOf();
    expect(paths['/api/v1/cart']!.get!.description).toBe('Who may call: a signed-in customer.');
    expect(paths['/api/v1/users/{id}/role']!.patch!.description).toMatch(
      /Who may call: a staff member whose role grants staff:manage\.$/,
    );
    expect(paths['/api/v1/books']!.get!.description ?? '').not.toMatch(/Who may call/);
  });

  it('is truthful about security: each bearer operation refuses a guest with 401, no other does', async () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operationsOf(await documentOf())) {
      expect(operation.security, `${method} ${path} declares its security`).toBeDefined();
      const needsToken = JSON.stringify(operation.security) === JSON.stringify(bearer);
      const needsCookie =
        JSON.stringify(operation.security) === JSON.stringify([{ [SecurityScheme.refreshCookie]: [] }]);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{\w+\}/g, '1'),
        headers: { 'x-forwarded-for': uniqueIp(), ...(hasBody && { 'content-type': 'application/json' }) },
        ...(hasBody && { payload: '{}' }),
      });
      const refused = res.statusCode === 401;
      if (refused !== (needsToken || needsCookie)) wrong.push(`${method} ${path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every operation its own operationId', async () => {
    const ids = operationsOf(await documentOf()).map(({ method, path, operation }) => {
      expect(operation.operationId, `${method} ${path} has an operationId`).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    const { paths } = await documentOf();
    expect(paths['/api/v1/books/{title}']!.get!.operationId).toBe('getBooksByTitle');
    expect(paths['/api/v1/reviews/review-by/{bookId}']!.get!.operationId).toBe('getReviewsReviewByByBookId');
    expect(paths['/api/v1/orders/export.csv']!.get!.operationId).toBe('getOrdersExportCsv');
  });

  it('declares a 4xx answer for every operation that takes input', async () => {
    const silent = operationsOf(await documentOf())
      .filter(({ operation }) => operation.parameters?.length || operation.requestBody)
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => status.startsWith('4')))
      .map(({ method, path }) => `${method} ${path}`);
    expect(silent).toEqual([]);
  });
});

describe('operation ids and security of a route', () => {
  async function documentOf(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerDocs(app, { refreshCookieName: 'session' });
    register(app);
    await app.ready();
    try {
      return app.swagger() as unknown as Document;
    } finally {
      await app.close();
    }
  }
  const response = { 200: z.object({ ok: z.boolean() }) };

  it('are read from the route: its guard, else its own security, else none', async () => {
    const { paths } = await documentOf((app) => {
      app.get('/api/v1/shelves/:shelfId', { onRequest: [requireCustomer], schema: { response } }, () => ({ ok: true }));
      app.put(
        '/api/v1/shelves',
        { onRequest: [requirePermission(Permission.ManageBooks)], schema: { response } },
        () => ({
          ok: true,
        }),
      );
      app.get('/api/v1/open-shelf', { schema: { response } }, () => ({ ok: true }));
      app.post(
        '/api/v1/shelf-session',
        { schema: { response, security: [{ [SecurityScheme.refreshCookie]: [] }] } },
        () => ({ ok: true }),
      );
      app.get('/api/v1/named', { schema: { response, operationId: 'listNamedShelves' } }, () => ({ ok: true }));
    });
    expect(paths['/api/v1/shelves/{shelfId}']!.get).toMatchObject({
      operationId: 'getShelvesByShelfId',
      security: bearer,
    });
    expect(paths['/api/v1/shelves']!.put).toMatchObject({
      operationId: 'putShelves',
      security: bearer,
      description: 'Who may call: a staff member whose role grants books:manage.',
    });
    expect(paths['/api/v1/open-shelf']!.get).toMatchObject({ operationId: 'getOpenShelf', security: [] });
    expect(paths['/api/v1/shelf-session']!.post!.security).toEqual([{ [SecurityScheme.refreshCookie]: [] }]);
    expect(paths['/api/v1/named']!.get!.operationId).toBe('listNamedShelves');
  });

  it('refuse a route that has a guard and names other security', async () => {
    await expect(
      documentOf((app) => {
        app.get(
          '/api/v1/confused',
          { onRequest: [requireCustomer], schema: { response, security: [{ [SecurityScheme.refreshCookie]: [] }] } },
          () => ({ ok: true }),
        );
      }),
    ).rejects.toThrow('GET /api/v1/confused has an auth guard and its own security');
  });
});
