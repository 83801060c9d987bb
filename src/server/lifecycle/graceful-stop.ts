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
 * Stops without losing work: readiness fails, no new connection is accepted, the requests in
 * flight are answered (up to the time limit), then background work stops and the database
 * closes. Orders, downloads and sign-ins under way finish instead of being cut in half.
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
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      deps.logger.warn({ signal }, 'stopping at once: requests in flight are cut off');
      process.exit(1);
    }
    stopping = true;
    stopGracefully(deps, signal).then(
      () => process.exit(0),
      (err: unknown) => {
        deps.logger.error({ err }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
