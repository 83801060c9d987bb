import { spawn } from 'node:child_process';

/** What failed when a PostgreSQL client tool could not do its part, said for an operator. */
export class PostgresToolError extends Error {}

/**
 * Runs pg_dump or pg_restore (PostgreSQL's own client tools, found on PATH) against the database
 * at `databaseUrl`. The password goes to the tool in PGPASSWORD rather than on its command line,
 * where every user of the machine could read it in the process list.
 */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Passed through whole: the tool needs PATH, locale and any PG* settings the operator has.
      env: password ? { ...process.env, PGPASSWORD: password } : process.env,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new PostgresToolError(
              `${tool} was not found on PATH. Install PostgreSQL's client tools of the same major version as the server (on Debian or Ubuntu: apt install postgresql-client-15 for PostgreSQL 15), then run this again.`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new PostgresToolError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
