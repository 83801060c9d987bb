import pg from 'pg';
import type { ConnectionUse } from './connection-use';

type ConnectCallback = Parameters<pg.Pool['connect']>[0] & {};

/**
 * pg's Pool, safe when connections die while in use (a restart, a failover, a terminated
 * backend):
 * - every client has an 'error' listener from the moment it connects. pg emits 'error' on a
 *   client whose connection fails, and the pool listens only while the client is idle: a client
 *   checked out for a transaction would crash the process.
 * - a checked-out client whose connection fails goes back to the pool at once, which drops it;
 *   its holder's later release does nothing. drizzle-orm's transaction never releases a client
 *   whose `begin` failed, so without this every such failure would take a slot of the pool for
 *   good, until every request waited forever.
 * The query that was running rejects on its own and is answered 503 (http/error-handler.ts).
 */
class SelfHealingPool extends pg.Pool {
  #acquired = 0;
  #waitSeconds = 0;

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const asked = performance.now();
    // pool.query() checks out through the callback form and releases on its own.
    if (callback) {
      return super.connect((err, client, done) => {
        if (!err) this.#handedOut(asked);
        callback(err, client, done);
      });
    }
    return super.connect().then((client) => {
      this.#handedOut(asked);
      return releasedOnFailure(client);
    });
  }

  /** The pool's use now, and how long callers have waited for a connection (/metrics). */
  use(): ConnectionUse {
    return {
      max: this.options.max,
      open: this.totalCount,
      inUse: this.totalCount - this.idleCount,
      waiting: this.waitingCount,
      acquired: this.#acquired,
      waitSeconds: this.#waitSeconds,
    };
  }

  #handedOut(asked: number) {
    this.#acquired++;
    this.#waitSeconds += (performance.now() - asked) / 1000;
  }
}

function releasedOnFailure(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', giveBack);
    release(error);
  };
  client.on('error', giveBack);
  client.release = giveBack;
  return client;
}

export function createPool(
  config: pg.PoolConfig,
  onConnectionError: (error: Error) => void,
): SelfHealingPool {
  const pool = new SelfHealingPool(config);
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  // The pool re-emits an idle client's error, which the client's own listener has told.
  pool.on('error', () => {});
  return pool;
}
