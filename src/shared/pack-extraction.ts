import { z } from 'zod';
import type { MusicKey, PackItemKind } from './music';
import { parseMusicQuery } from './music-query';

/**
 * Reading a pack's contents from its uploaded ZIP (server: src/server/packs). The job runs off
 * the request path; the product editor polls its state and shows these words to the owner.
 */

/** A category whose slug names packs ("audio-midi-packs", "sample-packs", "midi-pack"). */
export function isPackCategory(slug: string | null | undefined): boolean {
  return slug != null && /(^|-)packs?(-|$)/.test(slug);
}

/** What one extraction may read; more is refused as a zip bomb or not a pack. */
export const PACK_ZIP_LIMITS = {
  /** Entries of any kind in the ZIP's directory. */
  maxEntries: 10_000,
  /** Audio and MIDI bytes read, counted as they inflate (headers are never trusted). */
  maxTotalBytes: 8 * 1024 ** 3,
  /** One item's bytes, counted as they inflate. */
  maxEntryBytes: 1024 ** 3,
  /** How many times larger than its compressed bytes an entry may inflate (past 1 MB). */
  maxRatio: 200,
} as const;

export const packExtractionMessages = {
  notZip: 'The uploaded file is not a ZIP archive, so its contents could not be listed.',
  traversal: (name: string) =>
    `The ZIP holds a file whose name leaves its folder (${name}); nothing was listed. Re-create the ZIP from the pack's folder.`,
  bomb: 'The ZIP unpacks to far more than it holds (a zip bomb, or files too large for a pack); nothing was listed.',
  tooManyEntries: `The ZIP holds more than ${PACK_ZIP_LIMITS.maxEntries.toLocaleString('en')} files; nothing was listed.`,
  broken: (name: string) => `The ZIP is damaged at ${name}; nothing was listed. Upload it again.`,
  empty: 'The ZIP holds no WAV, AIFF, MP3, FLAC, Ogg or MIDI files, so there is nothing to list.',
  retryFailed: 'The ZIP could not be read after several tries; upload it again.',
} as const;

/** GET /api/admin/products/:id/extraction: the product's latest extraction, or null. */
export const packExtractionViewSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  fileName: z.string().nullable(),
  itemsTotal: z.number().int().nullable(),
  itemsDone: z.number().int(),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type PackExtractionView = z.infer<typeof packExtractionViewSchema>;
export const packExtractionResponseSchema = z.object({
  data: packExtractionViewSchema.nullable(),
});

/** Whether the editor should keep asking. */
export const extractionRunning = (view: PackExtractionView | null) =>
  view?.status === 'queued' || view?.status === 'running';

export type PackEntryType = 'audio' | 'midi';

/**
 * The item a ZIP entry's path makes, or null for a file that is neither audio the store decodes
 * (src/server/audio: WAV, AIFF, MP3, FLAC, Ogg Vorbis) nor MIDI.
 */
export function packEntryTypeOf(path: string): PackEntryType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (!extension) return null;
  if (['wav', 'wave', 'aif', 'aiff', 'aifc', 'mp3', 'flac', 'ogg', 'oga'].includes(extension)) {
    return 'audio';
  }
  return extension === 'mid' || extension === 'midi' ? 'midi' : null;
}

/** macOS's resource forks and dot files are not items (`__MACOSX/…`, `._Kick.wav`). */
export function isHiddenEntry(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
}

export interface FileNameFacts {
  name: string;
  bpm: number | null;
  key: MusicKey | null;
  kind: PackItemKind | null;
}

/**
 * What a file's name says: 'Loops/Chords_Am_90bpm.wav' → name 'Chords Am 90bpm', 90 BPM,
 * A minor, a loop. Tempo and key are read as the search reads them (music-query.ts):
 * `120bpm`, `120 BPM`, `Am`, `F#min`, `C major`. A name with a tempo or with "loop" in its
 * path is a loop; the kind is null when the name does not tell (the audio may).
 */
export function factsOfFileName(path: string): FileNameFacts {
  const base = path.split('/').pop() ?? path;
  const name = base
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  // Dashes and brackets part words, but a range (90-100) stays one tempo range.
  const query = parseMusicQuery(name.replace(/[–—.()[\]]+|(?<!\d)-|-(?!\d)/g, ' '));
  const bpm = query.bpm && query.bpm.min === query.bpm.max ? query.bpm.min : null;
  const kind: PackItemKind | null =
    packEntryTypeOf(path) === 'midi'
      ? 'midi'
      : query.bpm !== null || /loop/i.test(path)
        ? 'loop'
        : /one[ -_]?shots?|hits?\b/i.test(path)
          ? 'one-shot'
          : null;
  return { name: name || base, bpm, key: query.key, kind };
}
