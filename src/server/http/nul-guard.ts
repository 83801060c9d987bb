import type { MiddlewareHandler } from 'hono';
import { isBodiless } from './bodiless';
import { errorResponse } from './error-handler';

/**
 * Bodies read as text: JSON (better-auth also parses text/plain and untyped bodies as JSON) and
 * HTML forms. Multipart and binary bodies are left to their routes.
 */
function isTextBody(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type === 'text/plain' || type === 'application/x-www-form-urlencoded' || type.endsWith('json')
  );
}

/** Whether a text body carries a NUL, raw, as a JSON `\u0000` in a key or string, or as a form's %00. */
export function holdsNul(text: string, contentType: string | undefined): boolean {
  if (text.includes('\0')) return true;
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return [...new URLSearchParams(text)].some(([k, v]) => `${k}${v}`.includes('\0'));
  }
  let found = false;
  try {
    JSON.parse(text, (key, value: unknown) => {
      if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) found = true;
      return value;
    });
  } catch {
    // Not JSON: the route refuses it in its own words.
  }
  return found;
}

/**
 * PostgreSQL text cannot hold NUL: a name or an email with one would fail its query and answer
 * 500. No field of the store takes one, so such a body is refused with 400 before any route.
 */
export function refuseNulInBodies(): MiddlewareHandler {
  return async (c, next) => {
    if (isBodiless(c)) return next();
    const contentType = c.req.header('content-type');
    if (!c.req.raw.body || !isTextBody(contentType)) return next();
    // Hono keeps the text, so the route's own c.req.json() or c.req.text() reads it again.
    if (!holdsNul(await c.req.text(), contentType)) return next();
    return errorResponse(c, 'BAD_REQUEST', 'The request body holds a NUL character');
  };
}
