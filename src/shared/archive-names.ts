// Kept apart from archives.ts so the pages that show these names do not load zod.

/** The note inside an archive that left lines out. */
export const ARCHIVE_NOTE_NAME = 'NOT INCLUDED.txt';

/** Why a line is not in the archive, as its note says. */
export const archiveSkipReasons = {
  noDownloadsLeft: 'no downloads left',
  noFile: 'no file to download',
  noFormat: (format: string) => `no ${format} file`,
} as const;

export const archiveMessages = {
  nothingToDownload: 'There is nothing left to download in this order',
  nothingOwned: 'You have nothing to download yet',
  linkInvalid: 'This download link is invalid or has expired',
} as const;

/** The archive's file name: `loopmarket-order-1A2B3C4D.zip`, or the day's for everything owned. */
export function archiveFileName(
  archive: { orderNumber: string | null; createdAt: Date },
  format?: string | null,
): string {
  const suffix = format ? `-${format.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}` : '';
  return archive.orderNumber
    ? `loopmarket-order-${archive.orderNumber}${suffix}.zip`
    : `loopmarket-downloads-${archive.createdAt.toISOString().slice(0, 10)}${suffix}.zip`;
}

/** Characters Windows or unzip tools refuse (or read as folders) in a name. */
const UNSAFE = '/\\:*?"<>|';

/** A product or file name as one safe path segment in a ZIP (no separators, no control characters). */
export function archiveSegment(name: string): string {
  const clean = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || UNSAFE.includes(c) ? '_' : c))
    .join('')
    .trim()
    .replace(/^\.+/, '_');
  return clean.slice(0, 150) || '_';
}

/** Makes `name` unique among `taken` by adding ` (2)`, ` (3)` before its extension. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] =
    dot > name.lastIndexOf('/') + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
