/**
 * How the database's connections are used, read by /metrics (metrics/database-metrics.ts). Plain
 * numbers kept beside the driver: counting costs an addition per query, nothing is written.
 */
export interface ConnectionUse {
  /** Connections the driver may hold open: the pool's size, 1 for PGlite. */
  max: number;
  /** Connections open now. */
  open: number;
  /** Connections running a query or holding a transaction now. */
  inUse: number;
  /** Callers waiting for a connection now. */
  waiting: number;
  /** Connections handed to a caller since the start. */
  acquired: number;
  /** Seconds those callers spent waiting for them, all together. */
  waitSeconds: number;
}

/**
 * The use of PGlite's one connection. Every query and transaction runs alone, first come first
 * served (PGlite's own lock), so one that arrives while another runs waits until the one before
 * it settles: its wait is from its call to that settling.
 */
export function serialConnectionUse() {
  let pending = 0;
  let acquired = 0;
  let waitSeconds = 0;
  // When each waiting call was made, oldest first: the order PGlite's lock lets them in.
  const waitingSince: number[] = [];

  return {
    track<T>(operation: () => Promise<T>): Promise<T> {
      if (pending === 0) acquired++;
      else waitingSince.push(performance.now());
      pending++;
      return operation().finally(() => {
        pending--;
        const next = waitingSince.shift();
        if (next !== undefined) {
          acquired++;
          waitSeconds += (performance.now() - next) / 1000;
        }
      });
    },
    read: (): ConnectionUse => ({
      max: 1,
      open: 1,
      inUse: pending > 0 ? 1 : 0,
      waiting: waitingSince.length,
      acquired,
      waitSeconds,
    }),
  };
}
