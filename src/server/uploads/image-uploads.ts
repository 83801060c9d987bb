import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, uploadMessages } from '#shared/upload-limits';
import type { ImageUpload } from '#shared/uploads';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { cleanFileName, recordUpload, sha256OfBytes, uploadRecord } from './uploads.service';

/** What sharp may read here; SVG is left out (a script in one would run on the store's origin). */
const IMAGE_FORMATS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  tiff: 'tiff',
};
/** The width a product card and the product page show (the default `url`). */
const SHOWN_WIDTH = 800;

export const refuseFile = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { file: [message] });

/**
 * The widths to write for an image `width` pixels wide: each of the store's widths it can fill,
 * and its own width when it falls short of the widest, so no copy is ever enlarged.
 */
export function widthsFor(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= width);
  const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  if (width < widest && !widths.includes(width)) widths.push(width);
  return widths;
}

/**
 * sharp, loaded by the first image an owner uploads: its native library costs every process that
 * starts (and every test file) 150 ms otherwise, and most never read an image.
 */
const loadSharp = async () => (await import('sharp')).default;

async function readImage(bytes: Buffer) {
  const sharp = await loadSharp();
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    const extension = IMAGE_FORMATS[format];
    if (extension && width > 0 && height > 0) return { format, extension, width, height };
  } catch {
    // Not an image sharp can read: refused below in the same words.
  }
  throw refuseFile(uploadMessages.notAnImage);
}

/**
 * A cover or gallery image, checked by its content (sharp reads it), kept as sent and written
 * once as WebP at the widths the store shows, under media/images/<id>/. A file that is empty,
 * too large or not an image is refused, and nothing of it stays on disk.
 */
export async function saveImage(
  deps: { db: Db; mediaDir: string },
  file: File,
  uploadedBy: string,
): Promise<ImageUpload> {
  if (file.size === 0) throw refuseFile(uploadMessages.empty);
  if (file.size > MAX_IMAGE_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.imageTooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  const image = await readImage(bytes);
  const id = randomUUID();
  const folder = join(deps.mediaDir, 'images', id);
  const urlOf = (name: string) => `/media/images/${id}/${name}`;
  const original = `original.${image.extension}`;
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, original), bytes);
    const variants: { width: number; url: string }[] = [];
    const sharp = await loadSharp();
    for (const width of widthsFor(image.width)) {
      // A file whose header reads but whose pixels do not fails here: still not an image.
      await sharp(bytes)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(join(folder, `${width}.webp`))
        .catch(() => {
          throw refuseFile(uploadMessages.notAnImage);
        });
      variants.push({ width, url: urlOf(`${width}.webp`) });
    }
    const row = await recordUpload(deps.db, {
      id,
      kind: 'image',
      storageKey: `images/${id}/${original}`,
      fileName: cleanFileName(file.name) ?? original,
      contentType: `image/${image.format}`,
      size: bytes.length,
      sha256: sha256OfBytes(bytes),
      variants: Object.fromEntries(variants.map((v) => [String(v.width), v.url])),
      createdBy: uploadedBy,
    });
    const shown = variants.filter((v) => v.width <= SHOWN_WIDTH).pop() ?? variants[0]!;
    return {
      ...uploadRecord(row),
      originalUrl: urlOf(original),
      url: shown.url,
      width: image.width,
      height: image.height,
      variants,
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
