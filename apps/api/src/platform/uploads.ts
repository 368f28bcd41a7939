import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpProblem } from './errors.ts';
import { imageWork } from './images.ts';
import { RETRY_AFTER_SECONDS } from './unavailable.ts';

/**
 * Reading multipart/form-data forms (a profile with its avatar, a book with its images) into
 * `request.body`, so a form meets the same zod schema, and the same messages, as JSON would.
 * See docs/decisions/031-image-storage.md.
 */

/** One file field of a form: how many files it takes, how big each may be, and what a refusal says. */
export type FileFieldRule = { maxFiles: number; maxBytes: number; tooLarge: string; tooMany: string };

export type MultipartRules = {
  files: Record<string, FileFieldRule>;
  /** The fixed detail of a form the parser cannot read (never the parser's own words). */
  malformed: string;
  /** A file sent in a field the form does not take. */
  unexpectedFile: string;
  /** Text fields the form may send (default 20). */
  maxFields?: number;
};

/** Longest text field value read; any field the forms take is far shorter (zod refuses it by name). */
const MAX_FIELD_BYTES = 64 * 1024;

const fieldProblem = (status: 400 | 413, field: string, message: string) =>
  new HttpProblem(status, status === 413 ? 'Payload Too Large' : 'Validation Failed', message, { [field]: [message] });

/**
 * A preValidation hook (put it after the auth guard and rate limit: nobody uploads before
 * signing in) that reads a multipart body into `request.body`: text fields as strings (the first
 * value of a name wins; a part sent as application/json comes back as its JSON text), each file
 * field of `rules.files` as Buffer[] (a nameless, empty part, which a form with an empty file
 * input sends, is skipped). Non-multipart bodies are left alone.
 *
 * Refusals are problem+json naming the field: a file over its maxBytes is a 413, more files than
 * maxFiles in a field or a file in another field a 400, and a body the parser cannot read a 400
 * with the fixed `malformed` detail. A form carrying a file takes a place among the uploads in
 * flight (images.ts) until its answer is sent; when none is free it is a 503 with Retry-After,
 * decided before the file is read. Once a refusal is certain the rest of the body is still
 * read (and discarded, within the limits), so a keep-alive connection is left ready for the
 * next request.
 */
export function multipartForm(rules: MultipartRules): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const fileFields = Object.keys(rules.files);
  const maxFiles = fileFields.reduce((sum, field) => sum + rules.files[field]!.maxFiles, 0);
  const maxBytes = Math.max(0, ...fileFields.map((field) => rules.files[field]!.maxBytes));
  const maxFields = rules.maxFields ?? 20;
  const malformed = () => fieldProblem(400, 'body', rules.malformed);

  return async function readMultipartForm(request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart()) return;
    const { multipartErrors } = request.server;
    const body: Record<string, unknown> = {};
    const files = new Map<string, Buffer[]>();
    // The first refusal found; the parts after it are only read to the end.
    let refusal: HttpProblem | undefined;
    let admitted = false;
    /** A place among the uploads in flight, held until the answer is sent (or the client leaves). */
    const admit = () => {
      if (admitted) return;
      try {
        const release = imageWork.admit();
        admitted = true;
        reply.raw.once('close', release);
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        reply.header('retry-after', RETRY_AFTER_SECONDS);
        refusal = error;
      }
    };
    try {
      const parts = request.parts({
        // One file more than the form takes, so the field of the extra one can be named.
        limits: {
          fileSize: maxBytes,
          files: maxFiles + 1,
          fields: maxFields,
          parts: maxFiles + 1 + maxFields,
          fieldSize: MAX_FIELD_BYTES,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (!refusal && !(part.fieldname in body))
            body[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
          continue;
        }
        // A file part without a name is taken for the form's (first) file field.
        const field = part.fieldname || fileFields[0] || 'body';
        const rule = rules.files[field];
        if (refusal || !rule || !part.fieldname) {
          refusal ??= fieldProblem(400, field, rules.unexpectedFile);
          part.file.resume();
          continue;
        }
        admit();
        if (refusal) {
          part.file.resume();
          continue;
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if (!(error instanceof multipartErrors.RequestFileTooLargeError)) throw error;
          refusal = fieldProblem(413, field, rule.tooLarge);
          continue;
        }
        if (data.length > rule.maxBytes) {
          refusal = fieldProblem(413, field, rule.tooLarge);
          continue;
        }
        // A form whose file input is empty sends an empty part without a file name: no file.
        if (data.length === 0 && !part.filename) continue;
        const list = files.get(field) ?? [];
        if (list.length === rule.maxFiles) {
          refusal = fieldProblem(400, field, rule.tooMany);
          continue;
        }
        list.push(data);
        files.set(field, list);
      }
    } catch (error) {
      if (refusal) throw refusal;
      if (error instanceof HttpProblem) throw error;
      if (
        error instanceof multipartErrors.FilesLimitError ||
        error instanceof multipartErrors.FieldsLimitError ||
        error instanceof multipartErrors.PartsLimitError
      )
        throw fieldProblem(413, 'body', rules.malformed);
      // Anything else the parser raises (wrong boundary, truncated body, bad part headers, a
      // JSON part that is not JSON) is a malformed form: the client's to fix, so a 400 with a
      // fixed detail, never the parser's words.
      throw malformed();
    }
    if (refusal) throw refusal;
    for (const [field, list] of files) body[field] = list;
    request.body = body;
  };
}

const isFileList = (value: unknown, max = Infinity): value is Buffer[] =>
  Array.isArray(value) && value.length <= max && value.every((item) => Buffer.isBuffer(item));

/**
 * The zod schema of a file field read by multipartForm (Buffer[]), documented as repeated
 * binary parts. `error` is what a JSON body putting anything else there is told.
 */
export function fileListSchema(description: string, error: string) {
  return z
    .custom<Buffer[]>((value) => isFileList(value), { error })
    .meta({ type: 'array', items: { type: 'string', format: 'binary' }, description });
}

/** The zod schema of a field that takes one file: multipartForm's list, as the file itself. */
export function singleFileSchema(description: string, error: string) {
  return z
    .custom<Buffer[]>((value) => isFileList(value, 1), { error })
    .transform((files): Buffer | undefined => files[0])
    .meta({ type: 'string', format: 'binary', description });
}
