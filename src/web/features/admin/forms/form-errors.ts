import type { ZodType } from 'zod';
import { fieldErrors } from '#shared/validation';
import { ApiError } from '#web/api/http';

export type FieldErrors = Record<string, string[] | undefined>;

/** The same schema the server checks with, run in the browser: null when the input is fine. */
export function checkInput(schema: ZodType, input: unknown): FieldErrors | null {
  const result = schema.safeParse(input);
  return result.success ? null : fieldErrors(result.error.issues);
}

/** What a failed write says: the fields the server refused, else its message. */
export function writeError(error: unknown): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.fields) {
    return { fields: error.fields, message: error.fields._?.[0] ?? null };
  }
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    return { fields: {}, message: error.message };
  }
  return {
    fields: {},
    message: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
  };
}
