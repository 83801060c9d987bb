import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode } from '#shared/errors';
import { isConnectionLoss } from '../db/connection-errors';
import type { Logger } from '../logger';
import { AppError } from './app-error';

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string[]>,
): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Field path → messages, for a 400 VALIDATION_FAILED that names each bad field. */
export function validationFields(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function validationError(error: ZodError): AppError {
  const fields = validationFields(error);
  const names = Object.keys(fields).join(', ');
  return new AppError('VALIDATION_FAILED', `Invalid ${names}`, fields);
}

export const STORE_BUSY = 'The store is busy. Please try again in a moment.';
/** How long a client should wait before retrying a request the database could not serve. */
export const RETRY_AFTER_SECONDS = 5;

/** The one place errors become responses. Unknown errors are logged and never leaked. */
export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err.code, err.message, err.fields), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code: ErrorCode = err.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return c.json(
        errorBody(code, err.message || 'Bad request'),
        err.status as ContentfulStatusCode,
      );
    }
    if (isConnectionLoss(err)) {
      // The database went away under this request (a restart, a failover); the pool opens new
      // connections, so the same request will most likely work when tried again.
      logger.warn({ err, path: c.req.path, method: c.req.method }, 'database unavailable');
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json(errorBody('SERVICE_UNAVAILABLE', STORE_BUSY), 503);
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(errorBody('INTERNAL', 'Something went wrong. Please try again.'), 500);
  };
}
