import { z } from 'zod';
import { PREVIEW_FORMATS } from './upload-limits';

/** Admin uploads: what the API answers; the limits are #shared/upload-limits'. */

/** A finished upload as the API returns it (GET of a product file, the image and preview posts). */
export const uploadRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['file', 'image', 'preview']),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
});

export const imageUploadSchema = uploadRecordSchema.extend({
  /** The kept original, as it was sent. */
  originalUrl: z.string(),
  /** The WebP copy to show by default (800 px, or the widest below it). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Each WebP copy's width and URL, narrowest first: a srcset. */
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});

export const previewUploadSchema = uploadRecordSchema.extend({
  url: z.string(),
  format: z.enum(PREVIEW_FORMATS),
  durationSeconds: z.number(),
});

export type UploadRecord = z.infer<typeof uploadRecordSchema>;
export type ImageUpload = z.infer<typeof imageUploadSchema>;
export type PreviewUpload = z.infer<typeof previewUploadSchema>;
