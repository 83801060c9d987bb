import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { packExtractions, packItems } from '#server/db/schema';
import { packExtractionMessages } from '#shared/pack-extraction';
import { decodePeaks, PACK_ITEM_PEAKS } from '#shared/waveform';
import type { PackItem } from '#shared/music';
import { createCategory } from '#tests/support/factories';
import { describe, expect, it, type SignedInBrowser } from '#tests/support/fixtures';
import {
  aiffBytes,
  midiBytes,
  renameEntry,
  understateSizes,
  wavBytes,
  wavHeader,
  wavStream,
  zipBytes,
} from '#tests/support/pack-zips';
import type { TestContext } from '#tests/support/test-app';
import { extractionOf, packWithZip, workerFor } from '#tests/support/pack-extraction-client';
import { tusClient } from '#tests/support/upload-client';

async function contentsOf(admin: SignedInBrowser, productId: string) {
  const response = await admin.request(`/api/admin/products/${productId}/contents`);
  return (response.body as { data: PackItem[] }).data;
}

const previewFiles = (app: TestContext, productId: string) => {
  const dir = join(app.dirs.mediaDir, 'pack-previews', productId);
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wav'))
    : [];
};

describe('pack contents read from the uploaded ZIP', () => {
  it('lists audio and MIDI with path, size, length, tempo, key and a preview; skips the rest', async ({
    app,
    db,
    admin,
  }) => {
    const category = await createCategory(db, { slug: 'sample-packs', name: 'Sample Packs' });
    const loop = wavBytes({ seconds: 8, rate: 44100 });
    const acid = wavBytes({ seconds: 2, rate: 22050, acid: { bpm: 96, rootNote: 57 } });
    const shot = wavBytes({ seconds: 0.5, smplRootNote: 62, acid: { bpm: 0, oneShot: true } });
    const zip = await zipBytes([
      { name: 'Night Drive/Loops/Keys_Loop_Am_120bpm.wav', bytes: loop },
      { name: 'Night Drive/Loops/Pad Texture.wav', bytes: acid, compress: true },
      { name: 'Night Drive/One Shots/Kick_01.wav', bytes: shot },
      { name: 'Night Drive/MIDI/Chords F#min 90 BPM.mid', bytes: midiBytes(90) },
      { name: 'Night Drive/Read me.pdf', bytes: Buffer.from('%PDF-1.4 not audio') },
      { name: '__MACOSX/Night Drive/._Kick_01.wav', bytes: Buffer.from('resource fork') },
      { name: 'Night Drive/Artwork/cover.png', bytes: Buffer.alloc(100) },
    ]);
    const product = await packWithZip(app, admin, zip, category.id);
    expect(await extractionOf(admin, product.id)).toMatchObject({
      status: 'queued',
      itemsDone: 0,
      fileName: 'Night Drive Pack.zip',
    });

    expect(await workerFor(app).drainOnce()).toBe(1);

    expect(await extractionOf(admin, product.id)).toMatchObject({
      status: 'done',
      itemsTotal: 4,
      itemsDone: 4,
      error: null,
    });
    const items = await contentsOf(admin, product.id);
    expect(items.map(({ name, kind, bpm, key }) => ({ name, kind, bpm, key }))).toEqual([
      { name: 'Keys Loop Am 120bpm', kind: 'loop', bpm: 120, key: 'A minor' },
      // No tempo or key in the name: the ACID chunk's tempo and root note (57 = A).
      { name: 'Pad Texture', kind: 'loop', bpm: 96, key: 'A major' },
      // ACID says one-shot; the smpl chunk after the samples names D.
      { name: 'Kick 01', kind: 'one-shot', bpm: null, key: 'D major' },
      { name: 'Chords F#min 90 BPM', kind: 'midi', bpm: 90, key: 'F# minor' },
    ]);
    expect(items.map((item) => item.durationMs)).toEqual([8000, 2000, 500, 2667]);
    const rows = await db.select().from(packItems).where(eq(packItems.productId, product.id));
    expect(rows.map((row) => [row.path, row.sizeBytes]).sort()).toEqual(
      [
        ['Night Drive/Loops/Keys_Loop_Am_120bpm.wav', loop.length],
        ['Night Drive/Loops/Pad Texture.wav', acid.length],
        ['Night Drive/One Shots/Kick_01.wav', shot.length],
        ['Night Drive/MIDI/Chords F#min 90 BPM.mid', midiBytes(90).length],
      ].sort(),
    );
    for (const item of items) {
      expect(decodePeaks(item.previewPeaks!)).toHaveLength(PACK_ITEM_PEAKS);
      const preview = await app.request(item.previewUrl!);
      expect(preview.status).toBe(200);
      const wav = Buffer.from(await preview.arrayBuffer());
      expect(wav.readUInt32LE(24)).toBe(11025);
      expect(wav.readUInt16LE(22)).toBe(1);
      // At most six seconds of 16-bit mono.
      expect(wav.readUInt32LE(40)).toBeLessThanOrEqual(6 * 11025 * 2);
    }
    // The 8 s loop's preview is cut at 6 s; the MIDI's chords sound (it is no silence).
    expect((await (await app.request(items[0]!.previewUrl!)).arrayBuffer()).byteLength).toBe(
      44 + 6 * 11025 * 2,
    );
    expect(Math.max(...decodePeaks(items[3]!.previewPeaks!))).toBeGreaterThan(100);
  });

  it('lists an AIFF loop with its length, tempo and key from its name, and a preview', async ({
    app,
    admin,
    db,
  }) => {
    const category = await createCategory(db, { slug: 'aiff-packs', name: 'AIFF Packs' });
    const zip = await zipBytes([
      { name: 'Loops/Bass_Loop_Em_128bpm.aif', bytes: aiffBytes({ seconds: 3 }) },
    ]);
    const product = await packWithZip(app, admin, zip, category.id);
    expect(await workerFor(app).drainOnce()).toBe(1);
    const [item] = await contentsOf(admin, product.id);
    expect(item).toMatchObject({
      name: 'Bass Loop Em 128bpm',
      kind: 'loop',
      bpm: 128,
      key: 'E minor',
      durationMs: 3000,
    });
    // The sine sounds in its waveform: the samples were decoded, not only the header read.
    expect(Math.max(...decodePeaks(item!.previewPeaks!))).toBeGreaterThan(100);
  });

  it('a second ZIP replaces the items the first listed and keeps typed-in ones', async ({
    app,
    db,
    admin,
  }) => {
    const category = await createCategory(db, { slug: 'midi-packs' });
    const first = await zipBytes([
      { name: 'a/One 100bpm.wav', bytes: wavBytes({ seconds: 1 }) },
      { name: 'a/Two.wav', bytes: wavBytes({ seconds: 1 }) },
    ]);
    const product = await packWithZip(app, admin, first, category.id);
    await db.insert(packItems).values({
      productId: product.id,
      position: 99,
      name: 'Typed by the owner',
      kind: 'loop',
      durationMs: 1000,
    });
    const worker = workerFor(app);
    await worker.drainOnce();
    const oldFiles = previewFiles(app, product.id);
    expect(oldFiles).toHaveLength(2);

    const tus = tusClient(app, admin.cookieHeader());
    const second = await zipBytes([{ name: 'b/Three Cm.wav', bytes: wavBytes({ seconds: 1 }) }]);
    const created = await tus.create(second.length, { filename: 'v2.zip' });
    await tus.patch(created.url, 0, second);
    const patched = await admin.request(`/api/admin/products/${product.id}`, {
      method: 'PATCH',
      body: { fileUploadId: created.url.split('/').pop() },
    });
    expect(patched.status).toBe(200);
    await worker.drainOnce();

    const items = await contentsOf(admin, product.id);
    expect(items.map((item) => item.name)).toEqual(['Typed by the owner', 'Three Cm']);
    expect(items[1]!.key).toBe('C minor');
    expect(previewFiles(app, product.id)).toHaveLength(1);
  });

  it('queues nothing for a product outside a pack category', async ({ app, db, admin }) => {
    const category = await createCategory(db, { slug: 'plugins-x' });
    const zip = await zipBytes([{ name: 'Kick.wav', bytes: wavBytes({ seconds: 1 }) }]);
    const product = await packWithZip(app, admin, zip, category.id);
    expect(await extractionOf(admin, product.id)).toBeNull();
  });
});

/** 12 minutes of silence: a real WAV, 64 MB that deflate to a few hundred KB. */
const SILENCE_SECONDS = 760;
const SILENCE_BYTES = wavHeader({ seconds: 0 }, 0).length + SILENCE_SECONDS * 44100 * 2;
const silence = () => wavStream({ seconds: SILENCE_SECONDS, amplitude: 0 });

describe('ZIPs refused with a message, leaving nothing', () => {
  async function refused(
    app: TestContext,
    admin: SignedInBrowser,
    categoryId: string,
    zip: Buffer,
  ) {
    const product = await packWithZip(app, admin, zip, categoryId);
    await workerFor(app).drainOnce();
    const extraction = await extractionOf(admin, product.id);
    expect(extraction?.status).toBe('failed');
    const rows = await app.database.db
      .select()
      .from(packItems)
      .where(eq(packItems.productId, product.id));
    expect(rows).toEqual([]);
    expect(previewFiles(app, product.id)).toEqual([]);
    const [job] = await app.database.db
      .select()
      .from(packExtractions)
      .where(eq(packExtractions.productId, product.id));
    expect(job?.attempts).toBe(1);
    return extraction!.error;
  }

  it('retries a ZIP storage cannot give, then gives up with a message', async ({
    app,
    db,
    admin,
  }) => {
    const category = await createCategory(db, { slug: 'vocal-packs' });
    const zip = await zipBytes([{ name: 'Vox Am.wav', bytes: wavBytes({ seconds: 1 }) }]);
    const product = await packWithZip(app, admin, zip, category.id);
    const [job] = await db
      .select()
      .from(packExtractions)
      .where(eq(packExtractions.productId, product.id));
    await rm(join(app.dirs.filesDir, job!.fileKey));

    const worker = workerFor(app, null, { maxAttempts: 2, retryBaseMs: 1, retryMaxMs: 1 });
    await worker.drainOnce();
    await worker.drainOnce();
    expect(await extractionOf(admin, product.id)).toMatchObject({
      status: 'failed',
      error: packExtractionMessages.retryFailed,
    });
    const [after] = await db
      .select()
      .from(packExtractions)
      .where(eq(packExtractions.productId, product.id));
    expect(after?.attempts).toBe(2);
    expect(await db.select().from(packItems).where(eq(packItems.productId, product.id))).toEqual(
      [],
    );
    expect(previewFiles(app, product.id)).toEqual([]);
  });

  it('refuses a file that is not a ZIP', async ({ app, db, admin }) => {
    const category = await createCategory(db, { slug: 'loop-packs' });
    const error = await refused(app, admin, category.id, wavBytes({ seconds: 1 }));
    expect(error).toBe(packExtractionMessages.notZip);
  });

  it.for([
    ['parent folder', 'aa/Kick.wav', '../Kick.wav'],
    ['absolute path', 'xKick.wav', '/Kick.wav'],
    ['backslashes', 'aa/aa/Kick.wav', '..\\..\\Kick.wav'],
  ])('refuses a name that leaves its folder (%s)', async ([, from, to], { app, db, admin }) => {
    const category = await createCategory(db, { slug: `drum-packs-${from!.length}` });
    const zip = await zipBytes([
      // A good item beside it: the whole ZIP is refused, this one is not listed either.
      { name: 'Loops/Fine 90bpm.wav', bytes: wavBytes({ seconds: 1 }) },
      { name: from!, bytes: wavBytes({ seconds: 1 }) },
    ]);
    const error = await refused(app, admin, category.id, renameEntry(zip, from!, to!));
    expect(error).toBe(packExtractionMessages.traversal(to!.replace(/\\/g, '\\')));
  });

  it('refuses a zip bomb by its directory', async ({ app, db, admin }) => {
    const category = await createCategory(db, { slug: 'bomb-packs' });
    const zip = await zipBytes([
      { name: 'Fine.wav', bytes: wavBytes({ seconds: 1 }) },
      { name: 'Huge.wav', stream: silence(), size: SILENCE_BYTES, compress: true },
    ]);
    expect(zip.length).toBeLessThan(1 << 20);
    expect(await refused(app, admin, category.id, zip)).toBe(packExtractionMessages.bomb);
  });

  it('refuses a zip bomb whose directory lies, by the bytes it inflates to', async ({
    app,
    db,
    admin,
  }) => {
    const category = await createCategory(db, { slug: 'liar-packs' });
    const zip = await zipBytes([
      { name: 'Fine.wav', bytes: wavBytes({ seconds: 1 }), compress: true },
      { name: 'Huge.wav', stream: silence(), size: SILENCE_BYTES, compress: true },
    ]);
    // The directory says each entry inflates to 900 KB: below every limit it is checked by.
    const error = await refused(app, admin, category.id, understateSizes(zip, 900_000));
    expect(error).toBe(packExtractionMessages.bomb);
  });
});
