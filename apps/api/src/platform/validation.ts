import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const NUL_CHARACTER_MESSAGE = 'Remove the NUL character (\\0): text cannot contain it.';

type Node = { value: unknown; key: string | number | undefined; parent: Node | undefined };

/** An object whose own keys are fields: JSON objects, and the query and params objects (whose prototypes are bare). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);

const pathOf = (node: Node | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at = node; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Where the first NUL character sits in parsed request data (a string, or a key of an object),
 * as a path of keys; undefined when there is none. Walks arrays and objects (never the bytes of
 * an uploaded file) without recursion or copied paths, so a body nested 100 000 levels
 * deep costs neither the stack nor quadratic memory.
 */
export function findNulCharacter(data: unknown): (string | number)[] | undefined {
  const stack: Node[] = [{ value: data, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\0')) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (isRecord(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        // The field is named by its parent: echoing a key with NUL in it would be no better.
        if (key.includes('\0')) return pathOf(node);
        stack.push({ value: value[key], key, parent: node });
      }
    }
  }
  return undefined;
}

const nulFree = z.unknown().superRefine((data, ctx) => {
  const path = findNulCharacter(data);
  if (path) ctx.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE });
});

/**
 * The zod validator of every route, refusing first any string (or key) with a NUL character in
 * params, query, body or headers, as a 400 naming the field. PostgreSQL text cannot hold NUL, so
 * such a value would otherwise fail in the database as a 500. It is checked here, once for the
 * whole API, rather than by a refinement each text schema of the contracts must remember: this
 * also covers fields no schema names a string (a union, a coerced number), multipart forms (read
 * into the body before validation), and every route added later. The browser cannot type NUL,
 * so the forms lose nothing by not checking it themselves.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: nulFree.pipe(route.schema) });
