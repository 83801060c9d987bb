import type { Handler, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { errorResponse } from './error-handler';

/**
 * The answer for a request no API route took: 405 with `Allow` when the path exists for other
 * methods, else 404. The table of paths is read from the app's routes on first use, when every
 * route is registered.
 */
export function unknownApiRoute(app: Hono): Handler {
  let methodsOf: ((path: string) => string[]) | undefined;
  return (c) => {
    methodsOf ??= routeMethods(app);
    const allowed = methodsOf(c.req.path);
    if (allowed.length === 0) return errorResponse(c, 'NOT_FOUND', 'No such API endpoint');
    c.header('Allow', allowed.join(', '));
    return errorResponse(c, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here`);
  };
}

function routeMethods(app: Hono): (path: string) => string[] {
  // Each API handler's path under the 'ALL' method, carrying its own method as the value: one
  // match then yields every method the path answers.
  const router = new TrieRouter<string>();
  for (const route of app.routes) {
    if (route.method !== 'ALL' && route.path.startsWith('/api/')) {
      router.add('ALL', route.path, route.method);
    }
  }
  return (path) => {
    const methods = new Set(router.match('GET', path)[0].map(([method]) => method));
    // Hono answers HEAD with the GET handler.
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
