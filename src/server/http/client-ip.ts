import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { isLoopbackAddress } from './loopback';

/**
 * The client's address. With a trusted proxy header configured, the address that proxy wrote
 * (for X-Forwarded-For, the last entry: the one our proxy appended, not what the client sent);
 * otherwise the socket's, so a forged forwarding header changes nothing. `inProcess`: no socket
 * at all (`app.request` in tests), which no network can reach.
 */
function clientAddress(
  c: Context,
  trustedProxyHeader: string | undefined,
): { ip: string; inProcess: boolean } {
  if (trustedProxyHeader) {
    const value = c.req.header(trustedProxyHeader);
    const last = value?.split(',').at(-1)?.trim();
    return { ip: last || 'unknown', inProcess: false };
  }
  try {
    return { ip: getConnInfo(c).remote.address ?? 'unknown', inProcess: false };
  } catch {
    return { ip: 'unknown', inProcess: true };
  }
}

/**
 * Reads the client's address once, by the one trusted-proxy rule, into `clientIp`, and whether
 * the request comes from this machine into `fromThisMachine` (behind a trusted proxy, judged by
 * the address the proxy reports: the proxy's own socket is always local).
 */
export function readClientAddress(trustedProxyHeader: string | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { ip, inProcess } = clientAddress(c, trustedProxyHeader);
    c.set('clientIp', ip);
    c.set('fromThisMachine', inProcess || isLoopbackAddress(ip));
    await next();
  });
}
