import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  BookFormSchema,
  BookForUpdateSchema,
  BookIdParamsSchema,
  ReplaceBookImagesSchema,
  StaffBookPageSchema,
  StaffBookQuerySchema,
  UpdateBookFormSchema,
} from '@bookshop/contracts/book-admin';
import { BookSchema } from '@bookshop/contracts/catalogue';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { requirePermission } from '../../platform/auth.ts';
import type { CatalogueAdminService } from './admin-service.ts';

const tags = ['catalogue (staff)'];
const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const writes = { ...guarded, 404: ProblemSchema, 409: ProblemSchema, 413: ProblemSchema };

/**
 * The staff catalogue API (decision 032): reads need books:view, writes books:manage. Bodies are
 * JSON today; multipart/form-data with `images` files arrives with the shared upload reader.
 */
export const catalogueAdminRoutes: FastifyPluginCallbackZod<{ catalogueAdmin: CatalogueAdminService }> = (
  app,
  { catalogueAdmin },
  done,
) => {
  const canView = requirePermission(Permission.ViewBooks);
  const canManage = requirePermission(Permission.ManageBooks);

  app.post(
    '/v1/books',
    {
      schema: {
        tags,
        summary: 'Adds a book; answers it as GET v1/books/{title} shows it',
        body: BookFormSchema,
        response: { 201: BookSchema, ...writes },
      },
      onRequest: [canManage],
    },
    async (request, reply) => reply.status(201).send(await catalogueAdmin.createBook(request.body)),
  );

  app.put(
    '/v1/books',
    {
      schema: {
        tags,
        summary: 'Updates a book; its images become keepImageUrls (in order) then the new files',
        body: UpdateBookFormSchema,
        response: { 200: BookSchema, ...writes },
      },
      onRequest: [canManage],
    },
    (request) => catalogueAdmin.updateBook(request.body),
  );

  app.patch(
    '/v1/books/:id/images',
    {
      schema: {
        tags,
        summary: "Replaces a book's images: keepImageUrls (in order) then the new files",
        params: BookIdParamsSchema,
        body: ReplaceBookImagesSchema,
        response: { 200: BookSchema, ...writes },
      },
      onRequest: [canManage],
    },
    (request) => catalogueAdmin.replaceImages(request.params.id, request.body),
  );

  app.get(
    '/v1/books/book-for-update/:id',
    {
      schema: {
        tags,
        summary: 'A book as the update form needs it, hidden or not',
        params: BookIdParamsSchema,
        response: { 200: BookForUpdateSchema, ...guarded, 404: ProblemSchema },
      },
      onRequest: [canView],
    },
    (request) => catalogueAdmin.getBookForUpdate(request.params.id),
  );

  app.get(
    '/v1/staff/books',
    {
      schema: {
        tags,
        summary: 'Every book, hidden ones included: search by title, author or ISBN, filters, sorting, paging',
        querystring: StaffBookQuerySchema,
        response: { 200: StaffBookPageSchema, ...guarded },
      },
      onRequest: [canView],
    },
    (request) => catalogueAdmin.listStaffBooks(request.query),
  );
  done();
};
