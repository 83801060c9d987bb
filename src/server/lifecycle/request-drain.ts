import type { Server, ServerResponse } from 'node:http';

/**
 * Keeps the requests a server is answering, so that a stop can let them finish. Node's
 * `server.close()` stops accepting connections but leaves kept-alive ones open, and its answers
 * still say `keep-alive`: such a connection would sit idle until the keep-alive timeout, or take
 * a new request just as it is cut.
 */
export function trackRequests(server: Server, handlers: HandlerTracker = trackHandlers()) {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // First in line: the header must be set before the app writes the response's head.
  server.prependListener('request', (_request, response) => {
    inFlight.add(response);
    // A request that arrives on a kept-alive connection during the drain is answered, and its
    // connection ends with the answer.
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight.delete(response);
      // What is left is idle (answers begun before the drain keep their connection open).
      if (draining && inFlight.size === 0) server.closeIdleConnections();
    });
  });

  return {
    get inFlight() {
      return inFlight.size;
    },
    /** The app's handlers still running, answered or not (see trackHandlers). */
    get handlersRunning() {
      return handlers.running;
    },
    /**
     * Stops accepting connections, closes the idle ones, and waits for every request in flight
     * to be answered, each answer closing its connection, and for every handler to finish (one
     * whose client left still runs its queries), for at most `timeoutMs`; then cuts the
     * connections still open. Resolves with the number of requests that were cut off.
     */
    async drain(timeoutMs: number): Promise<number> {
      draining = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const finished = Promise.all([closed, handlers.settled()]);
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (outcome !== 'timeout') return 0;
      const cut = inFlight.size;
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}

export type RequestTracker = ReturnType<typeof trackRequests>;

type Handler<Args extends unknown[]> = (
  request: Request,
  ...rest: Args
) => Response | Promise<Response>;

/**
 * Counts the app's handlers still running. A client that hangs up ends its connection, and the
 * request with it as far as the HTTP server knows, but the handler goes on to its end (its
 * queries, its writes): a stop must not close the database under it.
 */
export function trackHandlers() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    /** The app's fetch, counted while each call runs. */
    wrap<Args extends unknown[]>(handler: Handler<Args>): Handler<Args> {
      return async (request, ...rest) => {
        running++;
        try {
          return await handler(request, ...rest);
        } finally {
          running--;
          if (running === 0) for (const resolve of waiting.splice(0)) resolve();
        }
      };
    },
    /** Resolves once no handler is running. */
    settled(): Promise<void> {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

export type HandlerTracker = ReturnType<typeof trackHandlers>;
