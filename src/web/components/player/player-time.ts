/** How the player writes times and positions (the bar, the waveform's slider text). */

/** "0:05", "1:02:03"; "0:00" for a time not known yet. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const s = whole % 60;
  const m = Math.floor(whole / 60) % 60;
  const h = Math.floor(whole / 3600);
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "0:05 of 0:12", what a screen reader hears as a preview's position. */
export function positionText(position: number, duration: number): string {
  return `${formatTime(position)} of ${formatTime(duration)}`;
}

/** The played share of a preview, 0 to 1 (0 while its duration is not known). */
export function playedFraction(position: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(1, Math.max(0, position / duration));
}

/** An arrow key's step through a preview: 5% of it, at least half a second. */
const SEEK_SHARE = 0.05;
const SEEK_MIN_SECONDS = 0.5;

/**
 * How far an arrow key moves a preview of `duration` seconds (0 while not known: the least
 * step). A fixed 5 s ran a 5.5 s loop to its end in one press.
 */
export function seekStepSeconds(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return SEEK_MIN_SECONDS;
  return Math.max(SEEK_MIN_SECONDS, duration * SEEK_SHARE);
}
