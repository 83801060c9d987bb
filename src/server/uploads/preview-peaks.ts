import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AudioDecodeError,
  NO_PREVIEW_PEAKS,
  peaksOfAudio,
  previewPeakColumns,
  type PreviewPeakColumns,
} from '../audio/audio-peaks';

/** A preview the store keeps itself: an upload (preview-uploads.ts) or a demo preview. */
const STORED_PREVIEW = /^\/media\/previews\/([A-Za-z0-9][\w.-]*)$/;

/**
 * The waveform of the audio preview at `url`, when it is a file in the store's media folder.
 * A preview linked from elsewhere (an https:// address) is not fetched: the server does not
 * download what an admin links to, so such a product has no waveform (null peaks). Neither has
 * a stored file the decoders cannot read (an Ogg holding Opus rather than Vorbis, say): the
 * preview still plays, only its waveform is missing.
 */
export async function peaksOfPreviewUrl(
  mediaDir: string,
  url: string,
): Promise<PreviewPeakColumns> {
  const name = STORED_PREVIEW.exec(url)?.[1];
  if (!name || name.includes('..')) return NO_PREVIEW_PEAKS;
  let bytes: Buffer;
  try {
    bytes = await readFile(join(mediaDir, 'previews', name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_PREVIEW_PEAKS;
    throw error;
  }
  try {
    return previewPeakColumns(await peaksOfAudio(bytes));
  } catch (error) {
    if (error instanceof AudioDecodeError) return NO_PREVIEW_PEAKS;
    throw error;
  }
}
