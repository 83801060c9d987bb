import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { AppEnv } from './app-env';
import { AppError, validationError } from './app-error';

/** The param issue uuidParam raises carries the code of its answer under this name. */
const NOT_FOUND_CODE = 'notFoundCode';

/**
 * A router whose invalid requests become 400 VALIDATION_FAILED through the one error handler,
 * except a malformed id in the path (uuidParam): that answers as an unknown one does.
 * Its routes read what every request carries (AppEnv), or more where a gate sets it (AdminEnv).
 */
export function createRouter<E extends AppEnv = AppEnv>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (result.success) return;
      for (const issue of result.target === 'param' ? result.error.issues : []) {
        const code: unknown = issue.code === 'custom' ? issue.params?.[NOT_FOUND_CODE] : undefined;
        if (code) throw new AppError(code as ErrorCode, issue.message);
      }
      throw validationError(result.error);
    },
  });
}

/**
 * A path parameter that names a row by its UUID (#shared/ids). A malformed id names no row, so
 * it answers as an unknown id does, 404 with the resource's own message ('Product not found')
 * and code: a client cannot tell the two apart.
 */
export function uuidParam(
  notFoundMessage: string,
  code: Extract<ErrorCode, 'NOT_FOUND' | 'PRODUCT_NOT_FOUND'> = 'NOT_FOUND',
) {
  return z
    .string()
    .check((ctx) => {
      if (isUuid(ctx.value)) return;
      ctx.issues.push({
        code: 'custom',
        message: notFoundMessage,
        input: ctx.value,
        params: { [NOT_FOUND_CODE]: code },
      });
    })
    .openapi({ format: 'uuid' });
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
