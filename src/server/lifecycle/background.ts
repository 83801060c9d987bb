import type { Logger } from '../logger';

/** Work a process runs beside its requests (a scheduler, a mail worker), stopped on shutdown. */
export interface BackgroundWork {
  name: string;
  /** Resolves once the work has stopped, letting a run in progress finish. */
  stop(): Promise<void>;
}

/**
 * The background work of this process, stopped in the order it was added, after the last
 * request has been answered and before the database closes.
 */
export function createBackground(logger: Logger) {
  const works: BackgroundWork[] = [];
  return {
    add(work: BackgroundWork) {
      works.push(work);
    },
    async stopAll() {
      for (const work of works) {
        try {
          await work.stop();
          logger.info({ work: work.name }, 'background work stopped');
        } catch (err) {
          logger.warn({ err, work: work.name }, 'background work did not stop cleanly');
        }
      }
    },
  };
}

export type Background = ReturnType<typeof createBackground>;
