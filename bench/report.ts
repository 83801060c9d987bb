import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';

export const RESULTS_DIR = 'bench/results';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
}

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${platform()} ${release()}`,
    node: process.version,
  };
}

/** The 1-minute load average (processes running or waiting for a CPU). */
export function oneMinuteLoad(): number {
  return loadavg()[0] ?? 0;
}

/**
 * A warning when other work is keeping the CPUs busy (1-minute load above half a core):
 * every number measured then comes out lower than the machine can do.
 */
export function busyMachineWarning(): string | null {
  const [load = 0] = loadavg();
  return load > cpus().length * 0.25
    ? `Warning: the machine is busy (load average ${load.toFixed(1)} on ${cpus().length} cores); ` +
        'these numbers are lower than it can do when idle.'
    : null;
}

/** A plain-text table with a header rule; numbers right-aligned. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return i === 0 || !/^[\d.,]+$/.test(cell) ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)]
    .map((row) => `  ${row}`)
    .join('\n');
}

/** Writes `bench/results/<kind>-<timestamp>.json` and returns its path. */
export function writeResults(kind: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const path = join(RESULTS_DIR, `${kind}-${stamp}.json`);
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}
