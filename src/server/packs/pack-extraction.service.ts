import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq, gt, isNotNull, lt, max, sql } from 'drizzle-orm';
import {
  factsOfFileName,
  isPackCategory,
  packExtractionMessages as m,
  type PackExtractionView,
} from '#shared/pack-extraction';
import { noteNames, type MusicKey, type PackItemKind } from '#shared/music';
import { encodePeaks, PACK_ITEM_PEAKS } from '#shared/waveform';
import { AudioDecodeError } from '../audio/audio-peaks';
import { peaksOfSamples } from '../audio/peaks';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import type { Db } from '../db/client';
import {
  categories,
  packExtractions,
  packItems,
  products,
  type NewPackItemRow,
  type PackExtractionRow,
} from '../db/schema';
import { encodeWav } from '../demo/assets/wav';
import { PACK_PREVIEW_RATE } from '../demo/pack-previews';
import type { Storage } from '../storage/storage';
import { MidiReadError } from './midi-file';
import { soundOfAudio, soundOfMidi, type ItemSound } from './item-audio';
import { openPackZip, PackRefusal, type PackEntry, type PackZipLimits } from './pack-zip';

/**
 * A pack's contents read from its uploaded ZIP. Queued when the owner attaches a ZIP to a pack
 * (same transaction), run by the extraction worker. A new extraction replaces the items an
 * earlier ZIP listed and keeps the ones that did not come from a ZIP (path null), after them.
 * A refused or failed ZIP leaves no items and no preview files.
 */

export interface ExtractionDeps {
  db: Db;
  storage: Pick<Storage, 'openRead' | 'stat'>;
  mediaDir: string;
  changes: Pick<CatalogueChanges, 'announce' | 'notify'>;
  limits?: PackZipLimits;
}

/** `pack-previews/<product>/<extraction>/`: one folder per run, so a failed run leaves none. */
const previewFolder = (productId: string, extractionId: string) =>
  `pack-previews/${productId}/${extractionId}`;

/**
 * Queues the reading of a product's ZIP when its category is a pack: called in the transaction
 * that attaches the upload to the product. Returns whether a job was queued.
 */
export async function queuePackExtraction(
  tx: Db,
  product: {
    id: string;
    categoryId: string | null;
    fileKey: string | null;
    fileName: string | null;
  },
): Promise<boolean> {
  if (!product.fileKey || !product.categoryId) return false;
  const [category] = await tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, product.categoryId));
  if (!isPackCategory(category?.slug)) return false;
  await tx.insert(packExtractions).values({ productId: product.id, fileKey: product.fileKey });
  return true;
}

/** The product's latest extraction, as the editor shows it. */
export async function latestExtraction(
  db: Db,
  productId: string,
): Promise<PackExtractionView | null> {
  const [row] = await db
    .select({ job: packExtractions, fileName: products.fileName, fileKey: products.fileKey })
    .from(packExtractions)
    .innerJoin(products, eq(products.id, packExtractions.productId))
    .where(eq(packExtractions.productId, productId))
    .orderBy(desc(packExtractions.createdAt), desc(packExtractions.id))
    .limit(1);
  if (!row) return null;
  const { job } = row;
  return {
    id: job.id,
    status: job.status,
    fileName: row.fileKey === job.fileKey ? row.fileName : null,
    itemsTotal: job.itemsTotal,
    itemsDone: job.itemsDone,
    error: job.error,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** A root note as a key: the note is known, not the mode, so it is read as major. */
function keyOfRootNote(note: number | null): MusicKey | null {
  if (note === null || note < 0 || note > 127) return null;
  return `${noteNames[note % 12]!} major`;
}

function kindOf(
  entry: PackEntry,
  named: PackItemKind | null,
  sound: ItemSound | null,
): PackItemKind {
  if (entry.type === 'midi') return 'midi';
  if (sound?.oneShot === true) return 'one-shot';
  if (sound?.oneShot === false && sound.bpm !== null) return 'loop';
  return named ?? 'one-shot';
}

const inBpmRange = (bpm: number | null) => (bpm !== null && bpm >= 20 && bpm <= 999 ? bpm : null);

/**
 * The job's own creation time as the database holds it: PostgreSQL keeps microseconds, a JS
 * Date only milliseconds, so comparing with the Date read back would find the job newer than
 * itself.
 */
const createdAtOf = (id: string) => sql`(select created_at from pack_extractions where id = ${id})`;

export class ExtractionSuperseded extends Error {}

/**
 * Reads the ZIP of `job` and lists its items. `progress` is told after each item (the worker
 * records it and renews its lease). Throws PackRefusal for a ZIP that is refused; any other
 * error may pass on a retry. On any failure this run's preview folder is removed.
 */
export async function runExtraction(
  deps: ExtractionDeps,
  job: PackExtractionRow,
  progress: (done: number, total: number) => Promise<void>,
): Promise<number> {
  const folder = previewFolder(job.productId, job.id);
  const dir = join(deps.mediaDir, folder);
  try {
    const zip = await openPackZip(deps.storage, job.fileKey, deps.limits);
    const rows: Omit<NewPackItemRow, 'position'>[] = [];
    try {
      if (zip.entries.length === 0) throw new PackRefusal(m.empty);
      await progress(0, zip.entries.length);
      await mkdir(dir, { recursive: true });
      for (const [index, entry] of zip.entries.entries()) {
        const named = factsOfFileName(entry.path);
        let sound: ItemSound | null = null;
        try {
          const bytes = zip.read(entry);
          sound = entry.type === 'midi' ? await soundOfMidi(bytes) : await soundOfAudio(bytes);
        } catch (err) {
          // An item that does not decode is still listed, without a preview, for the owner to see.
          if (!(err instanceof AudioDecodeError || err instanceof MidiReadError)) throw err;
        }
        const file = `${String(index + 1).padStart(4, '0')}.wav`;
        if (sound && sound.preview.length > 0) {
          await writeFile(join(dir, file), encodeWav(sound.preview, PACK_PREVIEW_RATE));
        }
        const hasPreview = sound !== null && sound.preview.length > 0;
        rows.push({
          productId: job.productId,
          name: named.name,
          kind: kindOf(entry, named.kind, sound),
          bpm: named.bpm ?? inBpmRange(sound?.bpm ?? null),
          musicKey: named.key ?? keyOfRootNote(sound?.rootNote ?? null),
          durationMs: sound?.durationMs ?? 0,
          previewUrl: hasPreview ? `/media/${folder}/${file}` : null,
          previewPeaks: hasPreview
            ? encodePeaks(peaksOfSamples(sound!.preview, PACK_ITEM_PEAKS))
            : null,
          path: entry.path,
          sizeBytes: entry.size,
        });
        await progress(index + 1, zip.entries.length);
      }
    } finally {
      zip.close();
    }
    await saveItems(deps, job, rows);
    await removeEarlierRuns(deps, job);
    return rows.length;
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The run's items in place of the earlier ZIP's, in one catalogue write: only while this run is
 * still the product's latest (a newer upload supersedes it) and the product still has this file.
 */
async function saveItems(
  deps: ExtractionDeps,
  job: PackExtractionRow,
  rows: Omit<NewPackItemRow, 'position'>[],
) {
  await deps.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ fileKey: products.fileKey })
      .from(products)
      .where(eq(products.id, job.productId))
      .for('update');
    const [newer] = await tx
      .select({ id: packExtractions.id })
      .from(packExtractions)
      .where(
        and(
          eq(packExtractions.productId, job.productId),
          gt(packExtractions.createdAt, createdAtOf(job.id)),
        ),
      )
      .limit(1);
    if (!product || newer) throw new ExtractionSuperseded();
    await tx
      .delete(packItems)
      .where(and(eq(packItems.productId, job.productId), isNotNull(packItems.path)));
    const [kept] = await tx
      .select({ last: max(packItems.position) })
      .from(packItems)
      .where(eq(packItems.productId, job.productId));
    const after = kept?.last ?? 0;
    // Typed-in items may sit at any position; the ZIP's follow the last of them.
    for (let at = 0; at < rows.length; at += 100) {
      await tx
        .insert(packItems)
        .values(
          rows.slice(at, at + 100).map((row, i) => ({ ...row, position: after + at + i + 1 })),
        );
    }
    await tx
      .update(packExtractions)
      .set({
        status: 'done',
        itemsDone: rows.length,
        itemsTotal: rows.length,
        error: null,
        finishedAt: sql`now()`,
      })
      .where(eq(packExtractions.id, job.id));
    await deps.changes.announce(tx);
  });
  deps.changes.notify();
}

/** Earlier runs' previews: their items were just replaced. */
async function removeEarlierRuns(deps: ExtractionDeps, job: PackExtractionRow) {
  const earlier = await deps.db
    .select({ id: packExtractions.id })
    .from(packExtractions)
    .where(
      and(
        eq(packExtractions.productId, job.productId),
        lt(packExtractions.createdAt, createdAtOf(job.id)),
      ),
    );
  for (const run of earlier) {
    await rm(join(deps.mediaDir, previewFolder(job.productId, run.id)), {
      recursive: true,
      force: true,
    });
  }
}
