import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** The request a piece of work runs for; `open` until its handler has answered. */
interface RequestScope {
  requestId: string;
  open: boolean;
}

/**
 * Which request the code running now serves. Services log with the app's one logger, so the
 * request id reaches their lines through here rather than through a logger passed down.
 */
const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * The fields every log line gets: the request id while its request is being answered. Work a
 * request set going that outlives it (a timer, a pooled connection's socket) keeps the scope,
 * so a closed scope adds nothing rather than naming a request long answered.
 */
function requestFields(): { requestId?: string } {
  const scope = requestScope.getStore();
  // A new object each time: pino merges the line's own fields into what the mixin returns.
  return scope?.open ? { requestId: scope.requestId } : {};
}

/**
 * Runs a request's handling so that every line logged meanwhile, by any logger made here,
 * carries `requestId`.
 */
export async function logWithinRequest<T>(requestId: string, handle: () => Promise<T>) {
  const scope: RequestScope = { requestId, open: true };
  try {
    return await requestScope.run(scope, handle);
  } finally {
    scope.open = false;
  }
}

/** Runs `work` as no request's: background work a request only wakes logs as itself. */
export function outsideRequest<T>(work: () => T): T {
  return requestScope.exit(work);
}

/** JSON lines to stdout, or to `destination` (a test reading what was logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: requestFields,
  };
  return destination ? pino(options, destination) : pino(options);
}
