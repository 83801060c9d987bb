import type { Server } from 'node:http';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Background } from './background';
import type { RequestTracker } from './request-drain';
import type { MutableRunState } from './run-state';

export interface StopDeps {
  server: Server;
  requests: RequestTracker;
  runState: MutableRunState;
  background: Background;
  database: Pick<Database, 'close'>;
  logger: Logger;
  /** How long requests in flight may take to finish (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/**
 * Stops without losing work: readiness fails, the connections already queued are taken in (a
 * server busy with PGlite's queries leaves many there) and then no new one is accepted, the
 * requests in flight are answered (all within the time limit), then background work stops and
 * the database closes. Orders, downloads and sign-ins under way finish instead of being cut in
 * half.
 */
export async function stopGracefully(deps: StopDeps, reason: string): Promise<void> {
  const { requests, logger } = deps;
  logger.info({ reason, inFlight: requests.inFlight }, 'stopping: finishing requests in flight');
  deps.runState.markStopping();
  const cut = await requests.drain(deps.timeoutMs);
  if (cut > 0) {
    logger.warn(
      { cut, timeoutMs: deps.timeoutMs },
      'requests still running at the time limit were cut off',
    );
  }
  await deps.background.stopAll();
  await deps.database.close();
  logger.info('stopped');
}

/**
 * SIGTERM (an orchestrator, a service manager) and SIGINT (Ctrl-C) stop gracefully and exit 0.
 * A second signal while stopping exits at once.
 */
export function stopOnSignals(deps: StopDeps): void {
  onStopSignals(
    deps.logger,
    (signal) => stopGracefully(deps, signal),
    'requests in flight are cut off',
  );
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT and exits 0 once it is done (1 if it failed); a
 * second signal while stopping exits 1 at once, cutting off what `stop` was waiting for (`cut`
 * says what, in the log). The web server's stop and the worker's (worker.ts) share this.
 */
export function onStopSignals(
  logger: Logger,
  stop: (signal: NodeJS.Signals) => Promise<void>,
  cut: string,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, `stopping at once: ${cut}`);
      process.exit(1);
    }
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
