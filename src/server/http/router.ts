import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { validationError } from './error-handler';

/** A router whose invalid requests become 400 VALIDATION_FAILED through the one error handler. */
export function createRouter() {
  return new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

export const errorResponses = {
  400: jsonContent(errorResponseSchema, 'Invalid input (VALIDATION_FAILED)'),
  404: jsonContent(errorResponseSchema, 'Not found'),
};
