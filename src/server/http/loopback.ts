import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { errorBody } from './error-handler';

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 spelling. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * Developer pages answer the machine itself only (readClientAddress, client-ip.ts, decides);
 * anyone else finds nothing there.
 */
export const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('fromThisMachine')) return c.json(errorBody('NOT_FOUND', 'Not found'), 404);
  await next();
});
