import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address. With a trusted proxy header configured, the address that proxy wrote
 * (for X-Forwarded-For, the last entry: the one our proxy appended, not what the client sent);
 * otherwise the socket's address, so a forged forwarding header changes nothing.
 */
export function clientIp(c: Context, trustedProxyHeader: string | undefined): string {
  if (trustedProxyHeader) {
    const value = c.req.header(trustedProxyHeader);
    const last = value?.split(',').at(-1)?.trim();
    return last || 'unknown';
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket behind this request (in-process requests in tests).
    return 'unknown';
  }
}
