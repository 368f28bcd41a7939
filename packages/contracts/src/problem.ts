import { z } from 'zod';

/** RFC 9457 problem details, as every error response of the API is shaped. */
export const ProblemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  /** A message for the toast; sent where the spec names one (429). */
  message: z.string().optional(),
  /** Field (or query parameter) name → messages, for validation failures. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The request's id, as in the X-Request-Id header and the server's log lines. */
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
