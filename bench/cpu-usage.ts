import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux's clock ticks per second for /proc/<pid>/stat times (the kernel default). */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user and system), or null where /proc is absent. */
export function cpuSeconds(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime + stime) ? (utime + stime) / TICKS_PER_SECOND : null;
}

/**
 * CPU used by the server process and by the PostgreSQL backends serving its database, between
 * `start()` and `stop()`: a per-request cost that holds even when other work shares the machine
 * and throughput numbers come out low.
 */
export async function cpuMeter(serverPid: number, databaseUrl: string | undefined) {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await client?.connect();
  const database = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : '';

  async function backends(): Promise<Map<number, number>> {
    const times = new Map<number, number>();
    if (!client) return times;
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (seconds !== null) times.set(pid, seconds);
    }
    return times;
  }

  return {
    async start() {
      return { server: cpuSeconds(serverPid), backends: await backends() };
    },
    async stop(since: { server: number | null; backends: Map<number, number> }) {
      const server = cpuSeconds(serverPid);
      let database: number | null = null;
      if (client) {
        database = 0;
        for (const [pid, seconds] of await backends()) {
          database += seconds - (since.backends.get(pid) ?? 0);
        }
      }
      return {
        serverSeconds: server === null || since.server === null ? null : server - since.server,
        databaseSeconds: database,
      };
    },
    close: () => client?.end(),
  };
}
