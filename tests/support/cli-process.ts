import { execFile } from 'node:child_process';
import { repoRoot } from './server-process';

/** A store's settings for a command: its own DATA_DIR, and on PostgreSQL its own database. */
export type CommandSettings = { DATA_DIR: string; DATABASE_URL?: string };

/**
 * Runs one of the store's commands (`src/server/cli/<command>.ts`) as npm runs it: node with
 * tsx's loader, the given settings and nothing of the test run's own environment.
 */
export function runCommand(command: string, args: string[], settings: CommandSettings) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...settings };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/cli/${command}.ts`, ...args],
      { cwd: repoRoot, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
