import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { ConnectionUse } from '../db/connection-use';

type Series = [name: string, help: string, read: (use: ConnectionUse) => number];

const GAUGES: Series[] = [
  ['loopmarket_db_connections_max', 'Connections the driver may open (PGlite: 1)', (u) => u.max],
  ['loopmarket_db_connections_open', 'Connections open now', (u) => u.open],
  [
    'loopmarket_db_connections_in_use',
    'Connections running a query or transaction now',
    (u) => u.inUse,
  ],
  [
    'loopmarket_db_connections_waiting',
    'Queries and transactions waiting for a connection now',
    (u) => u.waiting,
  ],
];

const COUNTERS: Series[] = [
  [
    'loopmarket_db_connection_acquisitions_total',
    'Connections handed to a query or transaction',
    (u) => u.acquired,
  ],
  [
    'loopmarket_db_connection_wait_seconds_total',
    'Seconds spent waiting for a connection, all together',
    (u) => u.waitSeconds,
  ],
];

/**
 * The database connections' use, read from the driver at each scrape (db/connection-use.ts):
 * the pool on PostgreSQL, the one connection's queue on PGlite.
 */
export function registerDatabaseMetrics(registry: Registry, database: Database) {
  const labelNames = ['driver'] as const;
  const labels = { driver: database.driver };
  for (const [name, help, read] of GAUGES) {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.set(labels, read(database.connectionUse()));
      },
    });
  }
  for (const [name, help, read] of COUNTERS) {
    new Counter({
      name,
      help,
      labelNames,
      registers: [registry],
      // Counted by the driver since the start; a counter has no set(), so it is counted anew.
      collect() {
        this.reset();
        this.inc(labels, read(database.connectionUse()));
      },
    });
  }
}
