import { decodePeaks, summarisePeaks } from '#shared/waveform';

/** Pixels per bar a waveform aims for: a 1 px gap beside each 2 px bar. */
export const PIXELS_PER_BAR = 3;

/**
 * The SVG path of a waveform's bars in a `count × 100` box, centred on its middle line: one unit
 * wide per bar (70 % bar, 30 % gap), each at least 4 % tall so silence still shows a line.
 */
export function waveformPath(peaks: string, count: number): { path: string; bars: number } {
  const summary = summarisePeaks(decodePeaks(peaks), Math.max(1, count));
  let path = '';
  summary.forEach((peak, i) => {
    const height = Math.max(4, Math.round((peak / 255) * 1000) / 10);
    const top = Math.round((100 - height) * 5) / 10;
    path += `M${i + 0.15} ${top}h0.7v${height}h-0.7z`;
  });
  return { path, bars: summary.length };
}
