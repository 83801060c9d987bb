import { STATUS_CODES } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { errorStatus, isErrorCode, type ErrorCode } from '#shared/errors';
import { codeForStatus, errorBody, INTERNAL_MESSAGE } from '../http/error-handler';

/** What an error answer under /api/auth says, read from any body better-auth may send. */
async function readError(
  response: Response,
): Promise<{ code?: unknown; message?: unknown; ours?: boolean }> {
  const body: unknown = await response.json().catch(() => null);
  if (!body || typeof body !== 'object') return {};
  // Already the standard shape: our own answer (the per-email limit, the 405 fallback, the
  // error handler's 503 when the database went away), whose message is meant for the buyer.
  if ('error' in body && body.error && typeof body.error === 'object')
    return { ...body.error, ours: true };
  return body;
}

/**
 * better-auth's error answer ({ code, message }, or an empty body) in the standard shape. A code
 * on the store's closed list keeps its name (the account screens word INVALID_TOKEN,
 * EMAIL_NOT_VERIFIED… their own way); any other is named by its status. The status is always the
 * table's, and headers (a cleared cookie, Retry-After) are kept.
 */
export async function toStandardAuthError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const { code: given, message, ours } = await readError(response);
  const code: ErrorCode = isErrorCode(given) ? given : codeForStatus(response.status);
  let text = typeof message === 'string' && message ? message : STATUS_CODES[response.status];
  if (code === 'NOT_FOUND' && !message) text = 'No such API endpoint';
  // Whatever went wrong inside better-auth stays in its log, not in the answer.
  if (errorStatus[code] >= 500 && !ours) text = INTERNAL_MESSAGE;
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(errorBody(code, text ?? 'Request failed')), {
    status: errorStatus[code],
    headers,
  });
}

/** Every answer under /api/auth leaves in the standard error shape; successes are untouched. */
export function standardAuthErrors(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    const converted = await toStandardAuthError(c.res);
    // Assigning c.res merges the old answer's headers in (its Content-Length among them);
    // clearing it first leaves only the converted answer's own.
    c.res = undefined;
    c.res = converted;
  };
}
