import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { clientIp } from './client-ip';
import { errorBody } from './error-handler';

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 spelling. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * Whether a request comes from the machine itself. Behind a trusted proxy that is the address the
 * proxy reports (the proxy's own socket is always local); otherwise the socket's. A request with
 * no socket at all was made in-process (`app.request` in tests), which no network can reach.
 */
export function isLocalRequest(c: Context, trustedProxyHeader: string | undefined): boolean {
  if (trustedProxyHeader) return isLoopbackAddress(clientIp(c, trustedProxyHeader));
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return true;
  }
  return address !== undefined && isLoopbackAddress(address);
}

/** Developer pages answer the machine itself only; anyone else finds nothing there. */
export function localOnly(trustedProxyHeader: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!isLocalRequest(c, trustedProxyHeader)) {
      return c.json(errorBody('NOT_FOUND', 'Not found'), 404);
    }
    await next();
  };
}
