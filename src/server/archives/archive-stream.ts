import type { ArchiveEntry } from '#shared/archives';
import type { Storage } from '../storage/storage';
import { layoutEntries } from './archive.service';
import { slicesOf, zipLayout } from './zip-layout';

/** At most this many chunks (of up to 1 MiB from local disk) wait for the client. */
const READ_AHEAD_CHUNKS = 4;

export interface FrozenArchive {
  entries: ArchiveEntry[];
  note: string | null;
  createdAt: Date;
}

/**
 * Bytes `start`..`end` (inclusive) of the archive, in order: header bytes from the layout, entry
 * data read from storage with ranged reads of exactly the part of each file the range covers
 * (a range in the middle reads none of the files before it). A file that no longer has the size
 * the archive was frozen with fails the stream rather than sending a corrupt ZIP.
 */
async function* archiveBytes(storage: Storage, archive: FrozenArchive, start: number, end: number) {
  const layout = zipLayout(layoutEntries(archive.entries, archive.note), archive.createdAt);
  for (const { segment, from, to } of slicesOf(layout, start, end)) {
    if ('bytes' in segment) {
      yield segment.bytes.subarray(from, to + 1);
      continue;
    }
    const entry = archive.entries[segment.entry];
    if (!entry) {
      // The note, after the files.
      yield Buffer.from(archive.note ?? '', 'utf8').subarray(from, to + 1);
      continue;
    }
    let read = 0;
    for await (const chunk of await storage.openRead(entry.key, { start: from, end: to })) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (read !== to - from + 1) throw new Error(`${entry.key} changed since the archive was made`);
  }
}

/**
 * A web stream of the range that pulls one chunk at a time: the next file chunk is read only
 * when the client has taken the last one (backpressure), so memory stays flat however large
 * the archive is.
 */
export function archiveStream(
  storage: Storage,
  archive: FrozenArchive,
  start: number,
  end: number,
): ReadableStream<Uint8Array> {
  const bytes = archiveBytes(storage, archive, start, end);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await bytes.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await bytes.return(undefined);
      },
    },
    // A few chunks read ahead, so reading the next one overlaps sending this one.
    { highWaterMark: READ_AHEAD_CHUNKS },
  );
}
