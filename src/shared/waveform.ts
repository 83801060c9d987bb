/**
 * A preview's waveform: its peaks, computed once on the server when the preview is
 * seeded or uploaded (server/audio/peaks.ts), each the loudest sample of its stretch of audio
 * scaled to 0–255, stored and sent as base64 text. The shopper's browser only draws them.
 */

/** Peaks kept for a product's preview: its page draws these. */
export const PREVIEW_PEAKS = 1000;
/** Peaks a list's card draws (a summary of the product's PREVIEW_PEAKS, sent with lists). */
export const CARD_PEAKS = 120;
/** Peaks kept for a pack item's short preview. */
export const PACK_ITEM_PEAKS = 200;

export function encodePeaks(peaks: Uint8Array): string {
  let binary = '';
  for (const peak of peaks) binary += String.fromCharCode(peak);
  return btoa(binary);
}

/** The peaks of `text`; an empty array for text that is not base64. */
export function decodePeaks(text: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return new Uint8Array(0);
  }
  const peaks = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) peaks[i] = binary.charCodeAt(i);
  return peaks;
}

/** `count` peaks from more, each the loudest of its share (fewer peaks are returned as they are). */
export function summarisePeaks(peaks: Uint8Array, count: number): Uint8Array {
  if (peaks.length <= count) return peaks;
  const summary = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const start = Math.floor((i * peaks.length) / count);
    const end = Math.floor(((i + 1) * peaks.length) / count);
    let loudest = 0;
    for (let j = start; j < end; j++) loudest = Math.max(loudest, peaks[j] ?? 0);
    summary[i] = loudest;
  }
  return summary;
}
