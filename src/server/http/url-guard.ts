import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './error-handler';

/** C0 control characters and DEL: never part of a slug, an id or a search, and NUL breaks SQL text. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Paths the server answers itself; every other GET is a page of the app or one of its files. */
const SERVER_PATHS = ['/api/', '/media/', '/dev/'];
const isPagePath = (pathname: string) =>
  !SERVER_PATHS.some((prefix) => pathname.startsWith(prefix));

/**
 * Whether a URL's path and query, once percent-decoded, are text the store can read: valid
 * UTF-8 percent-encoding and no control characters. (A sequence cannot straddle the `?`, so the
 * two decode as one string.)
 */
export function isReadableUrl(url: string): boolean {
  const { pathname, search } = new URL(url);
  // A page's query is read by the app in the browser, which refuses what it cannot use (a
  // sign-in's redirect target, say) and still shows the page; the server reads only its path.
  const query = isPagePath(pathname) ? '' : search;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname + query);
  } catch {
    return false;
  }
  return !hasControlCharacter(decoded);
}

/** Answers 400 for an unreadable path or query before any route (or the database) sees it. */
export function refuseUnreadableUrls(): MiddlewareHandler {
  return async (c, next) => {
    if (isReadableUrl(c.req.url)) return next();
    return errorResponse(
      c,
      'BAD_REQUEST',
      'The address holds malformed encoding or control characters',
    );
  };
}
