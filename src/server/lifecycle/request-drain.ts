import type { Server, ServerResponse } from 'node:http';

/**
 * Keeps the requests a server is answering, so that a stop can let them finish. Node's
 * `server.close()` stops accepting connections but leaves kept-alive ones open, and its answers
 * still say `keep-alive`: such a connection would sit idle until the keep-alive timeout, or take
 * a new request just as it is cut.
 */
export function trackRequests(server: Server) {
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
    /**
     * Stops accepting connections, closes the idle ones, and waits for every request in flight
     * to be answered, each answer closing its connection, for at most `timeoutMs`; then cuts
     * the connections still open. Resolves with the number of requests that were cut off.
     */
    async drain(timeoutMs: number): Promise<number> {
      draining = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([closed, timedOut]);
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
