import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the store's processes start (they serve its dist/web). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port on 127.0.0.1 nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A store process's settings: the test's, and nothing of the test run's own (no TEST_*,
 * NODE_ENV) but PATH and HOME. An undefined value is left out.
 */
export function serverEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) env[name] = value;
  return env;
}

/** A store process started by a test, with everything it wrote to stdout and stderr. */
export interface StoreProcess {
  child: ChildProcess;
  /** What it has written so far, for a failing assertion's message. */
  output(): string;
  /** Its exit code (null when a signal killed it). */
  exited: Promise<number | null>;
}

/**
 * Runs one of the server's entries from its TypeScript source (`src/server/main.ts`,
 * `src/server/worker.ts`) as `npm run serve` does: node itself with tsx's loader. The tsx command
 * would stand between a signal and the process, and kills one that takes over 30 ms to say it got
 * the signal (under load it does), cutting off what it had in flight.
 */
export function startSourceProcess(entry: string, env: NodeJS.ProcessEnv): StoreProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => chunks.join(''), exited };
}

/** Resolves once the server on `port` answers its live probe; throws if it exits first. */
export async function waitForStart(port: number, exited: Promise<number | null>) {
  for (let waited = 0; waited < 45_000; waited += 100) {
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null);
    if (live?.ok) return;
    const early = await Promise.race([exited, sleep(100).then(() => 'running' as const)]);
    if (early !== 'running') throw new Error(`the server exited with ${early} while starting`);
  }
  throw new Error('the server did not start');
}
