import { STATUS_CODES } from 'node:http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isConnectionLoss } from '../db/connection-errors';
import { errorStatus, type ApiErrorBody, type ErrorCode } from '#shared/errors';
import type { Logger } from '../logger';
import { AppError } from './app-error';

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string[]>,
): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** The code that names a bare HTTP status, for errors that carry nothing more specific. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 416:
      return 'RANGE_NOT_SATISFIABLE';
    case 429:
      return 'RATE_LIMITED';
    default:
      // Any other 4xx is a request we will not serve as sent; anything else is our failure.
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

/** The standard error answer: its status always comes from the code→status table. */
export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string[]>,
) {
  return c.json(errorBody(code, message, fields), errorStatus[code]);
}

export const STORE_BUSY = 'The store is busy. Please try again in a moment.';
/** How long a client should wait before retrying a request the database could not serve. */
export const RETRY_AFTER_SECONDS = 5;
export const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

/** The one place errors become responses. Unknown errors are logged and never leaked. */
export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof AppError) return errorResponse(c, err.code, err.message, err.fields);
    // Hono's own refusals (malformed JSON, a wrong content type…): named by their status.
    if (err instanceof HTTPException && err.status < 500) {
      return errorResponse(
        c,
        codeForStatus(err.status),
        err.message || STATUS_CODES[err.status] || 'Bad request',
      );
    }
    if (isConnectionLoss(err)) {
      // The database went away under this request (a restart, a failover); the pool opens new
      // connections, so the same request will most likely work when tried again.
      logger.warn({ err, path: c.req.path, method: c.req.method }, 'database unavailable');
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return errorResponse(c, 'SERVICE_UNAVAILABLE', STORE_BUSY);
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return errorResponse(c, 'INTERNAL', INTERNAL_MESSAGE);
  };
}
