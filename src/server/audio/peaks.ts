import { PREVIEW_PEAKS } from '#shared/waveform';

/**
 * `count` peaks of mono audio (samples from −1 to 1): each the loudest absolute sample of its
 * stretch, scaled to 0–255 (#shared/waveform). Audio shorter than `count` samples gives one
 * peak per sample.
 */
export function peaksOfSamples(samples: Float32Array, count: number = PREVIEW_PEAKS): Uint8Array {
  const n = Math.min(count, samples.length);
  const peaks = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const start = Math.floor((i * samples.length) / n);
    const end = Math.floor(((i + 1) * samples.length) / n);
    let loudest = 0;
    for (let j = start; j < end; j++) loudest = Math.max(loudest, Math.abs(samples[j] ?? 0));
    peaks[i] = Math.round(Math.min(1, loudest) * 255);
  }
  return peaks;
}
