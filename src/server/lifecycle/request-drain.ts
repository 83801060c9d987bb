import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * Keeps the requests a server is answering, so that a stop can let them finish. Node's
 * `server.close()` stops accepting connections but leaves kept-alive ones open, and its answers
 * still say `keep-alive`: such a connection would sit idle until the keep-alive timeout, or take
 * a new request just as it is cut.
 */
export function trackRequests(server: Server, handlers: HandlerTracker = trackHandlers()) {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let listenerClosed = false;
  // Connections taken in and requests begun: the take-in goes on while they come.
  let arrivals = 0;
  server.on('connection', () => arrivals++);

  /**
   * Closes the kept-alive connections left idle, once nothing is in flight (until then, one an
   * answer leaves idle may still take its client's next request, answered and closed). After a
   * poll for I/O: a request its client wrote while this process was busy is read first, and is
   * then in flight rather than idle.
   */
  function closeIdleAfterPoll() {
    void afterPoll(0).then(() => {
      if (inFlight.size === 0) server.closeIdleConnections();
    });
  }

  // First in line: the header must be set before the app writes the response's head.
  server.prependListener('request', (_request, response) => {
    arrivals++;
    inFlight.add(response);
    // A request that arrives during the drain is answered, and its connection ends with the
    // answer.
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight.delete(response);
      // What is left is idle (answers begun before the drain keep their connection open).
      if (listenerClosed && inFlight.size === 0) closeIdleAfterPoll();
    });
  });

  /**
   * Takes in the connections the kernel has queued for this server: closing the listener resets
   * them (ECONNRESET), though their clients may have sent whole requests before the stop began.
   * They queue while this process is busy, and on PGlite, whose queries run on this very thread,
   * it is busy for as long as it answers requests (libuv runs a signal's handler after the rest
   * of the turn's I/O, so a turn's worth of connections queues behind SIGTERM). Goes on in turns
   * of `QUIET_MS` until one brings no new connection and no new request (its poll for I/O had
   * little to do, and the listener closes right after it), and for `limitMs` at most, whatever
   * keeps coming (a client polling, a proxy that has not yet seen readiness fail).
   */
  async function takeInQueued(limitMs: number) {
    const until = Date.now() + limitMs;
    while (Date.now() < until) {
      const seen = arrivals;
      await afterPoll(Math.min(QUIET_MS, Math.max(0, until - Date.now())));
      if (arrivals === seen) return;
    }
  }

  return {
    get inFlight() {
      return inFlight.size;
    },
    /** The app's handlers still running, answered or not (see trackHandlers). */
    get handlersRunning() {
      return handlers.running;
    },
    /**
     * Takes in the connections already queued (half the time limit at most), then stops
     * accepting connections, closes the idle ones once nothing is in flight, and waits for every
     * request in flight to be answered, each answer closing its connection, and for every
     * handler to finish (one whose client left still runs its queries), for at most `timeoutMs`
     * in all; then cuts the connections still open. Resolves with the number of requests that
     * were cut off.
     */
    async drain(timeoutMs: number): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      draining = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
      }
      await takeInQueued(timeoutMs / 2);
      // net.Server's close only stops listening: http.Server's would also close the idle
      // connections at once, among them any taken in whose request is not read yet.
      const closed = new Promise<void>((resolve) =>
        NetServer.prototype.close.call(server, () => resolve()),
      );
      listenerClosed = true;
      closeIdleAfterPoll();
      const finished = Promise.all([closed, handlers.settled()]);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
      });
      const outcome = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (outcome !== 'timeout') return 0;
      const cut = inFlight.size;
      server.closeAllConnections();
      // Their sockets close on the next turns. A bound all the same: a socket the HTTP server no
      // longer tracks (one handed over on an upgrade) would keep the listener's close waiting,
      // and a stop must end.
      await Promise.race([closed, afterPoll(CUT_GRACE_MS)]);
      return cut;
    },
  };
}

/** The take-in ends after a turn this long that brought no connection and no request. */
const QUIET_MS = 100;

/** How long a stop waits for the connections it cut to close. */
const CUT_GRACE_MS = 1000;

/**
 * Resolves after `ms` and then one poll for I/O (a timer's callback runs, then the poll, then
 * setImmediate's): by then the connections the kernel had queued are taken in, and what waits on
 * open connections is read.
 */
function afterPoll(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(() => setImmediate(resolve), ms));
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
