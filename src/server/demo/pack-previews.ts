import { join } from 'node:path';
import { PACK_ITEM_PEAKS, encodePeaks } from '#shared/waveform';
import { peaksOfSamples } from '../audio/peaks';
import type { NewPackItemRow } from '../db/schema';
import type { PackFile } from './assets/pack-files';
import { SAMPLE_RATE, encodeWav } from './assets/wav';

/**
 * A pack item's preview is short and small: half the demo audio's rate (11.025 kHz, mono,
 * 16-bit) and at most six seconds, about 130 KB at most, so a pack's 20–40 previews stay light.
 */
export const PACK_PREVIEW_RATE = SAMPLE_RATE / 2;
export const PACK_PREVIEW_SECONDS = 6;

/** `/media/pack-previews/<product key>/<nn>.wav`, the item's position written with two digits. */
export function packPreviewPath(key: string, position: number): string {
  return `pack-previews/${key}/${String(position).padStart(2, '0')}.wav`;
}

/** The item's audio at the preview rate (pairs averaged, a gentle low-pass), cut to its length. */
export function previewSamples(audio: Float32Array): Float32Array {
  const length = Math.min(Math.floor(audio.length / 2), PACK_PREVIEW_SECONDS * PACK_PREVIEW_RATE);
  const preview = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    preview[i] = ((audio[2 * i] ?? 0) + (audio[2 * i + 1] ?? 0)) / 2;
  }
  return preview;
}

export interface PackItemPreview {
  /** Where the preview's file goes under the media dir, and builds it when it is missing. */
  file: { path: string; build: () => Uint8Array };
  row: Omit<NewPackItemRow, 'productId' | 'id'>;
}

/**
 * The pack's contents as rows, each with its preview file and the preview's peaks. The peaks
 * come from the same samples the file holds (renders are deterministic), so they agree with a
 * preview written on an earlier run.
 */
export function packItemPreviews(
  key: string,
  files: readonly PackFile[],
  mediaDir: string,
): PackItemPreview[] {
  return files.map((file, index) => {
    const position = index + 1;
    const audio = file.audio();
    const preview = previewSamples(audio);
    return {
      file: {
        path: join(mediaDir, packPreviewPath(key, position)),
        build: () => encodeWav(preview, PACK_PREVIEW_RATE),
      },
      row: {
        position,
        name: file.name,
        kind: file.kind,
        bpm: file.bpm,
        musicKey: file.key,
        durationMs: Math.round((audio.length / SAMPLE_RATE) * 1000),
        previewUrl: `/media/${packPreviewPath(key, position)}`,
        previewPeaks: encodePeaks(peaksOfSamples(preview, PACK_ITEM_PEAKS)),
      },
    };
  });
}
