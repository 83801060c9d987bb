import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IFormat } from 'music-metadata';
import { MAX_PREVIEW_BYTES, uploadMessages, type PreviewFormat } from '#shared/upload-limits';
import type { PreviewUpload } from '#shared/uploads';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { refuseFile } from './image-uploads';
import { cleanFileName, recordUpload, sha256OfBytes, uploadRecord } from './uploads.service';

const FORMATS: Record<PreviewFormat, { extension: string; contentType: string }> = {
  WAV: { extension: 'wav', contentType: 'audio/wav' },
  MP3: { extension: 'mp3', contentType: 'audio/mpeg' },
  FLAC: { extension: 'flac', contentType: 'audio/flac' },
  OGG: { extension: 'ogg', contentType: 'audio/ogg' },
};

/** The preview format music-metadata found in the content, if it is one the store plays. */
export function previewFormatOf(format: IFormat): PreviewFormat | null {
  switch (format.container?.toUpperCase()) {
    case 'WAVE':
      return 'WAV';
    case 'FLAC':
      return 'FLAC';
    case 'OGG':
      return 'OGG';
    case 'MPEG':
      return format.codec?.includes('Layer 3') ? 'MP3' : null;
    default:
      return null;
  }
}

async function readAudio(bytes: Buffer) {
  // Loaded by the first preview an owner uploads (120 ms that most processes never need).
  const { parseBuffer } = await import('music-metadata');
  let format: IFormat;
  try {
    // No type hint from the name or the request: the content alone says what it is.
    ({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true }));
  } catch {
    throw refuseFile(uploadMessages.notAudio);
  }
  const kind = previewFormatOf(format);
  if (!kind || !format.hasAudio) throw refuseFile(uploadMessages.notAudio);
  const duration = format.duration ?? 0;
  if (!(duration > 0)) throw refuseFile(uploadMessages.noDuration);
  return { kind, duration };
}

/**
 * An audio preview, checked by its content (WAV, MP3, FLAC or OGG, whatever its name says),
 * with its duration, saved as media/previews/<id>.<ext> beside the demo catalogue's previews.
 */
export async function savePreview(
  deps: { db: Db; mediaDir: string },
  file: File,
  uploadedBy: string,
): Promise<PreviewUpload> {
  if (file.size === 0) throw refuseFile(uploadMessages.empty);
  if (file.size > MAX_PREVIEW_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.previewTooLarge);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const audio = await readAudio(bytes);
  const { extension, contentType } = FORMATS[audio.kind];
  const id = randomUUID();
  const name = `${id}.${extension}`;
  const path = join(deps.mediaDir, 'previews', name);
  try {
    await mkdir(join(deps.mediaDir, 'previews'), { recursive: true });
    await writeFile(path, bytes);
    const row = await recordUpload(deps.db, {
      id,
      kind: 'preview',
      storageKey: `previews/${name}`,
      fileName: cleanFileName(file.name) ?? name,
      contentType,
      size: bytes.length,
      sha256: sha256OfBytes(bytes),
      durationSeconds: audio.duration,
      createdBy: uploadedBy,
    });
    return {
      ...uploadRecord(row),
      url: `/media/previews/${name}`,
      format: audio.kind,
      durationSeconds: audio.duration,
    };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}
