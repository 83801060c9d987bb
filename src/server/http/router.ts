import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from './app-env';
import { validationError } from './error-handler';

/**
 * A router whose invalid requests become 400 VALIDATION_FAILED through the one error handler.
 * Its routes read what every request carries (AppEnv), or more where a gate sets it (AdminEnv).
 */
export function createRouter<E extends AppEnv = AppEnv>() {
  return new OpenAPIHono<E>({
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

/** A route's required JSON request body, validated by `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

export const errorResponses = {
  400: jsonContent(
    errorResponseSchema,
    'Invalid input (VALIDATION_FAILED) or unreadable (BAD_REQUEST)',
  ),
  404: jsonContent(errorResponseSchema, 'Not found'),
};

export const unauthorizedResponse = {
  401: jsonContent(errorResponseSchema, 'Not signed in (UNAUTHORIZED)'),
};

export const rateLimitedResponse = {
  429: jsonContent(errorResponseSchema, 'Too many requests from this address (RATE_LIMITED)'),
};
