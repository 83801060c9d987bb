/** The arithmetic of an upload's progress bar: percent, speed and time left, and their words. */

export interface ProgressSample {
  /** Milliseconds, from any fixed clock (performance.now()). */
  at: number;
  /** Bytes uploaded by then. */
  bytes: number;
}

/**
 * Speed is measured over the last few seconds: steady enough not to flicker, recent enough to
 * follow a connection that slows down or recovers.
 */
export const SPEED_WINDOW_MS = 5000;

/** `samples` with `sample` added and those older than the window dropped (newest last). */
export function addSample(
  samples: readonly ProgressSample[],
  sample: ProgressSample,
  windowMs = SPEED_WINDOW_MS,
): ProgressSample[] {
  // A resumed upload starts again from a lower count: its old samples mean nothing now.
  const kept = samples.filter((s) => s.at >= sample.at - windowMs && s.bytes <= sample.bytes);
  return [...kept, sample];
}

/** Bytes a second over the samples' span; null until there are two samples apart in time. */
export function speedOf(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at <= first.at) return null;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

/** Whole percent done, never 100 until every byte is there. */
export function percentOf(uploaded: number, total: number): number {
  if (total <= 0) return 0;
  if (uploaded >= total) return 100;
  return Math.min(99, Math.floor((uploaded / total) * 100));
}

/** Seconds left at `speed`; null while the speed is unknown or nil. */
export function secondsLeft(uploaded: number, total: number, speed: number | null): number | null {
  if (speed === null || speed <= 0) return null;
  return Math.max(0, (total - uploaded) / speed);
}

const MB = 1024 * 1024;

/** '12.3 MB/s'; '0.0 MB/s' only when nothing moves. */
export function formatSpeed(bytesPerSecond: number): string {
  return `${(Math.max(0, bytesPerSecond) / MB).toFixed(1)} MB/s`;
}

/** '1 h 05 min left', '3 min 07 s left', '42 s left', 'Almost done'. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole <= 1) return 'Almost done';
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours} h ${two(minutes)} min left`;
  if (minutes > 0) return `${minutes} min ${two(secs)} s left`;
  return `${secs} s left`;
}

/** '1.4 of 4.0 GB' or '120.5 of 800.0 MB', in the total's unit. */
export function formatAmount(uploaded: number, total: number): string {
  const GB = 1024 * MB;
  const [unit, size] = total >= GB ? ['GB', GB] : ['MB', MB];
  return `${(uploaded / size).toFixed(1)} of ${(total / size).toFixed(1)} ${unit}`;
}

/** What the bar says, for sight and for screen readers alike. */
export function describeProgress(
  uploaded: number,
  total: number,
  speed: number | null,
): { percent: number; text: string } {
  const percent = percentOf(uploaded, total);
  const left = secondsLeft(uploaded, total, speed);
  const parts = [`${percent}%`, formatAmount(uploaded, total)];
  if (speed !== null) parts.push(formatSpeed(speed));
  if (left !== null && percent < 100) parts.push(formatTimeLeft(left));
  return { percent, text: parts.join(' · ') };
}
