import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  BOOK_IMAGE_MAX_BYTES,
  BOOK_IMAGES_FIELD,
  BOOK_IMAGES_MAX,
  BookAdminMessages,
  BookFormSchema,
  BookIdParamsSchema,
  ReplaceBookImagesSchema,
  StaffBookPageSchema,
  StaffBookSchema,
  StaffBookQuerySchema,
  UpdateBookFormSchema,
} from '@bookshop/contracts/book-admin';
import { BookSchema } from '@bookshop/contracts/catalogue';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import {
  CreateStockMovementSchema,
  StockMovementPageSchema,
  StockMovementQuerySchema,
  StockMovementSchema,
} from '@bookshop/contracts/stock';
import { requirePermission, userOf } from '../../platform/auth.ts';
import { HttpProblem } from '../../platform/errors.ts';
import { fileListSchema, multipartForm } from '../../platform/uploads.ts';
import type { CatalogueAdminService } from './admin-service.ts';

const tags = ['catalogue (staff)'];
const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const writes = { ...guarded, 404: ProblemSchema, 409: ProblemSchema, 413: ProblemSchema };

/** The book form as multipart/form-data: text fields, and up to BOOK_IMAGES_MAX files in `images`. */
const readBookForm = multipartForm({
  files: {
    [BOOK_IMAGES_FIELD]: {
      maxFiles: BOOK_IMAGES_MAX,
      maxBytes: BOOK_IMAGE_MAX_BYTES,
      tooLarge: BookAdminMessages.imageTooLarge,
      tooMany: BookAdminMessages.imagesMax,
    },
  },
  malformed: BookAdminMessages.malformedForm,
  unexpectedFile: BookAdminMessages.unexpectedFile,
});

const JSON_FIELDS = ['authors', 'genres', 'keepImageUrls'] as const;

/** A form's text fields are strings: these hold JSON arrays, read here so zod sees the arrays. */
function parseJsonFields(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  if (!request.isMultipart()) return done();
  const body = request.body as Record<string, unknown>;
  for (const field of JSON_FIELDS) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    try {
      body[field] = JSON.parse(value);
    } catch {
      const message = BookAdminMessages.jsonField(field);
      return done(new HttpProblem(400, 'Validation Failed', message, { [field]: [message] }));
    }
  }
  done();
}

const images = fileListSchema(
  `Image files (png, jpeg, gif or webp; at most ${BOOK_IMAGES_MAX}, each at most 10 MB and 40 megapixels)`,
  BookAdminMessages.imageType,
).optional();

/**
 * The staff catalogue API (decision 032): reads need books:view, writes books:manage. Writes take
 * multipart/form-data (the admin form, with its `images` files) or JSON (no files).
 */
export const catalogueAdminRoutes: FastifyPluginCallbackZod<{ catalogueAdmin: CatalogueAdminService }> = (
  app,
  { catalogueAdmin },
  done,
) => {
  const canView = requirePermission(Permission.ViewBooks);
  const canManage = requirePermission(Permission.ManageBooks);
  // Nobody uploads before the guard has let them in.
  const form = { onRequest: [canManage], preValidation: [readBookForm, parseJsonFields] };

  app.post(
    '/v1/books',
    {
      ...form,
      schema: {
        tags,
        summary: 'Adds a book; answers it as GET v1/books/{title} shows it',
        consumes: ['multipart/form-data', 'application/json'],
        body: BookFormSchema.extend({ images }),
        response: { 201: BookSchema, ...writes },
      },
    },
    async (request, reply) => {
      const { images: files = [], ...book } = request.body;
      return reply.status(201).send(await catalogueAdmin.createBook(book, userOf(request).id, files));
    },
  );

  app.put(
    '/v1/books',
    {
      ...form,
      schema: {
        tags,
        summary:
          'Updates a book; its images become keepImageUrls (in order) then the new files. The stock changes by stockQuantity - originalStockQuantity (409 if it moved meanwhile); without originalStockQuantity, the figure staff last set stands for it, so a sale since is never undone',
        consumes: ['multipart/form-data', 'application/json'],
        body: UpdateBookFormSchema.extend({ images }),
        response: { 200: BookSchema, ...writes },
      },
    },
    (request) => {
      const { images: files = [], ...book } = request.body;
      return catalogueAdmin.updateBook(book, userOf(request).id, files);
    },
  );

  app.patch(
    '/v1/books/:id/images',
    {
      ...form,
      schema: {
        tags,
        summary: "Replaces a book's images: keepImageUrls (in order) then the new files",
        consumes: ['multipart/form-data', 'application/json'],
        params: BookIdParamsSchema,
        body: ReplaceBookImagesSchema.extend({ images }),
        response: { 200: BookSchema, ...writes },
      },
    },
    (request) => {
      const { images: files = [], ...input } = request.body;
      return catalogueAdmin.replaceImages(request.params.id, input, files);
    },
  );

  app.post(
    '/v1/books/:id/stock-movements',
    {
      onRequest: [canManage],
      schema: {
        tags,
        summary:
          "Records copies received, damaged or a counted correction; the book's stock changes by delta (409 below zero)",
        params: BookIdParamsSchema,
        body: CreateStockMovementSchema,
        response: { 201: StockMovementSchema, ...guarded, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogueAdmin.addStockMovement(request.params.id, request.body, userOf(request).id)),
  );

  app.get(
    '/v1/books/:id/stock-movements',
    {
      onRequest: [canManage],
      schema: {
        tags,
        summary: "A book's stock ledger, newest first: every change of its stock and why",
        params: BookIdParamsSchema,
        querystring: StockMovementQuerySchema,
        response: { 200: StockMovementPageSchema, ...guarded, 404: ProblemSchema },
      },
    },
    (request) => catalogueAdmin.getStockMovements(request.params.id, request.query),
  );

  app.get(
    '/v1/books/book-for-update/:id',
    {
      onRequest: [canView],
      schema: {
        tags,
        summary: 'A book as the update form needs it, hidden or not',
        params: BookIdParamsSchema,
        response: { 200: StaffBookSchema, ...guarded, 404: ProblemSchema },
      },
    },
    (request) => catalogueAdmin.getBookForUpdate(request.params.id),
  );

  app.get(
    '/v1/staff/books',
    {
      onRequest: [canView],
      schema: {
        tags,
        summary: 'Every book, hidden ones included: search by title, author or ISBN, filters, sorting, paging',
        querystring: StaffBookQuerySchema,
        response: { 200: StaffBookPageSchema, ...guarded },
      },
    },
    (request) => catalogueAdmin.listStaffBooks(request.query),
  );
  done();
};
