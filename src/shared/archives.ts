import { z } from 'zod';

/** One file of a frozen "download everything" archive (download_archives.entries). */
export const archiveEntrySchema = z.object({
  /** Its path inside the ZIP: `Product name/file name`. */
  name: z.string(),
  /** Storage key of the file. */
  key: z.string(),
  size: z.number().int().nonnegative(),
  /** Unsigned CRC-32. */
  crc32: z.number().int().nonnegative(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

/** POST /api/downloads/archive: everything the buyer owns, or only the files of one format. */
export const ownedArchiveSchema = z.object({
  format: z.string().trim().min(1).max(100).optional(),
});

export const archiveLinkSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  /** Files in the archive (the note listing skipped lines not counted). */
  files: z.number().int(),
  totalBytes: z.number().int(),
  /** Lines left out (no downloads left, no file), each in the archive's note. */
  skipped: z.number().int(),
});
export type ArchiveLink = z.infer<typeof archiveLinkSchema>;

export * from './archive-names';
