import type { Logger } from '../logger';

/** A worker over one durable queue: started with the process's background work, stopped last. */
export interface PollingWorker {
  /** Drains the queue now, then again every poll, until stopped. */
  start(): void;
  /** Drains what is due now; resolves to what it did (for tests and the first run). */
  drainOnce(): Promise<number>;
  /** No new round starts; resolves once the round in hand has finished. */
  stop(): Promise<void>;
  /** Whether stop() was called: a long job checks it between its steps. */
  isStopped(): boolean;
}

/**
 * The loop every queue worker shares (invoices' documents, pack contents, campaigns, webhooks):
 * one round at a time, `drain` until the queue has nothing due or the worker is stopped, a
 * failed round logged as `failure` and the next one `pollMs` later. The timer never keeps the
 * process alive; stop() waits for the round in hand.
 */
export function pollingWorker(options: {
  pollMs: number;
  logger: Logger;
  /** What the log says when a round fails, e.g. 'invoice documents not read'. */
  failure: string;
  /** One round; `stopped()` turns true once stop() is called, so the round ends early. */
  drain: (stopped: () => boolean) => Promise<number>;
}): PollingWorker {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const drainOnce = () => options.drain(() => stopped);

  function run() {
    if (stopped || running) return;
    running = drainOnce()
      .catch((err: unknown) => options.logger.error({ err }, options.failure))
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(run, options.pollMs);
        timer.unref();
      });
  }

  return {
    start: run,
    drainOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    isStopped: () => stopped,
  };
}
