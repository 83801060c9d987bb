/**
 * SQLSTATEs that mean the connection, not the query, failed: class 08 (connection exception),
 * and 57P01–57P03 (the server terminated the backend, is crashing, or is still starting).
 */
const connectionStates = /^(08...|57P0[123])$/;

/** Node's socket errors on the way to the database. */
const socketCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** node-postgres's own errors for a connection that died under a query or in the pool. */
const driverMessages = [
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means the database could not be reached (a restart, a failover, a dropped
 * connection) rather than that the request or the code was wrong. Such a request can be tried
 * again in a moment; Drizzle wraps the driver's error as the cause of its own, so the chain is
 * followed.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 5; depth++) {
    if (typeof current !== 'object' || current === null) return false;
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && (connectionStates.test(code) || socketCodes.has(code))) {
      return true;
    }
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && driverMessages.some((text) => message.includes(text))) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
