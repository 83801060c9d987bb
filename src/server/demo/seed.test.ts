import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import {
  categories,
  orderItems,
  orders,
  packItems,
  products,
  reviews,
  type ProductRow,
} from '#server/db/schema';
import { productSchema } from '#shared/catalogue';
import { createTestContext } from '#tests/support/test-app';
import { createTestDatabase } from '#tests/support/test-database';
import {
  CARD_PEAKS,
  decodePeaks,
  encodePeaks,
  PACK_ITEM_PEAKS,
  PREVIEW_PEAKS,
} from '#shared/waveform';
import { peaksOfAudio } from '../audio/audio-peaks';
import {
  fillDemoFeatures,
  fillDemoPackContents,
  fillDemoPreviewPeaks,
  fillDemoReviews,
  seedDemoCatalogue,
} from './seed';
import { demoCategoryFeatures, demoFeatures } from './demo-features';
import { demoProductId, demoProducts } from './demo-catalogue';

let database: Database;
let dataDir: string;
let dirs: { mediaDir: string; filesDir: string };
let firstRun: { categories: number; products: number; packItems: number; reviews: number };
let firstRows: ProductRow[];

const allProducts = (): Promise<ProductRow[]> =>
  database.db.select().from(products).orderBy(asc(products.id));

beforeAll(async () => {
  // In-memory PGlite, or a fresh database on the server named by TEST_DATABASE_URL.
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'loopmarket-seed-'));
  dirs = { mediaDir: join(dataDir, 'media'), filesDir: join(dataDir, 'files') };
  firstRun = await seedDemoCatalogue(database.db, dirs);
  firstRows = await allProducts();
  // The whole demo catalogue, its waveforms read from their files: a minute on a loaded 2-core
  // machine (CI runs this beside the browser journeys, at a lower priority).
}, 180_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const isFeatured = (row: ProductRow): boolean => row.metadata.featured === true;

describe('seedDemoCatalogue', () => {
  it('creates the four categories and the products it reports', async () => {
    const categoryRows = await database.db.select().from(categories);
    expect(categoryRows.map((c) => c.slug).sort()).toEqual([
      'apps',
      'audio-midi-packs',
      'plugins',
      'productivity',
    ]);
    expect(firstRun).toEqual({
      categories: 4,
      products: firstRows.length,
      packItems: await database.db.$count(packItems),
      reviews: await database.db.$count(reviews),
    });
    expect(firstRows.every((row) => row.categoryId !== null)).toBe(true);
  });

  it('lists at least 24 active and one inactive product, six or more featured', () => {
    expect(firstRows.filter((row) => row.isActive).length).toBeGreaterThanOrEqual(24);
    expect(firstRows.filter((row) => !row.isActive).length).toBeGreaterThanOrEqual(1);
    expect(
      firstRows.filter((row) => row.isActive && isFeatured(row)).length,
    ).toBeGreaterThanOrEqual(6);
  });

  it('stores digital-download metadata with exactly one five-seat product', () => {
    expect(firstRows.every((row) => row.metadata.product_type === 'digital_download')).toBe(true);
    expect(firstRows.filter((row) => row.metadata.purchase_limit === '5')).toHaveLength(1);
    const onSale = firstRows.filter((row) => row.metadata.isOnSale === true);
    expect(onSale.length).toBeGreaterThanOrEqual(5);
    for (const row of onSale) expect(row.metadata.originalPrice).toBeGreaterThan(row.priceCents);
  });

  it('issues licence keys for the plugins and apps (3 machines) and the team board (5)', async () => {
    const categoryRows = await database.db.select().from(categories);
    const slugOf = (row: ProductRow) => categoryRows.find((c) => c.id === row.categoryId)?.slug;
    const keyed = firstRows.filter((row) => row.licenseKeys);
    expect(keyed.map((row) => row.name).sort()).toEqual(
      firstRows
        .filter(
          (row) =>
            ['plugins', 'apps'].includes(slugOf(row) ?? '') ||
            row.name === 'Studio Team Task Board (Team Licence)',
        )
        .map((row) => row.name)
        .sort(),
    );
    expect(keyed.find((row) => row.name === 'Analog Bass Synth')?.activationLimit).toBe(3);
    const team = keyed.find((row) => row.name === 'Studio Team Task Board (Team Licence)');
    expect(team).toMatchObject({ activationLimit: 5, licenseDays: null });
  });

  it('gives every active audio product a preview file that exists', async () => {
    const [packCategory] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.slug, 'audio-midi-packs'));
    const packs = firstRows.filter((row) => row.isActive && row.categoryId === packCategory?.id);
    expect(packs.length).toBeGreaterThanOrEqual(9);
    for (const row of packs) {
      const preview = row.metadata.audioPreview ?? '';
      expect(preview).toMatch(/^\/media\/previews\/[a-z0-9-]+\.wav$/);
      const file = await stat(join(dirs.mediaDir, preview.replace('/media/', '')));
      expect(file.size).toBeGreaterThan(4 * 22050 * 2);
    }
    // Of the software, only the synth (an instrument) has one: the first of its audio examples.
    const software = firstRows.filter((row) => row.categoryId !== packCategory?.id);
    expect(
      software.filter((row) => row.metadata.audioPreview !== undefined).map((row) => row.name),
    ).toEqual(['Analog Bass Synth']);
  });

  it('lists 20 to 40 items in every pack, each with a short preview file and its peaks', async () => {
    for (const product of demoProducts.filter((p) => p.category === 'audio-midi-packs')) {
      const items = await database.db
        .select()
        .from(packItems)
        .where(eq(packItems.productId, demoProductId(product.key)))
        .orderBy(asc(packItems.position));
      expect(items.length).toBeGreaterThanOrEqual(20);
      expect(items.length).toBeLessThanOrEqual(40);
      expect(items.map((item) => item.position)).toEqual(items.map((_, i) => i + 1));
      expect(new Set(items.map((item) => item.kind))).toEqual(
        new Set(['loop', 'one-shot', 'midi']),
      );
      for (const item of items) {
        expect(item.previewUrl).toMatch(
          new RegExp(`^/media/pack-previews/${product.key}/\\d{2}\\.wav$`),
        );
        const file = await stat(
          join(dirs.mediaDir, (item.previewUrl ?? '').replace('/media/', '')),
        );
        // 11.025 kHz mono 16-bit, six seconds at most.
        expect(file.size).toBeLessThanOrEqual(44 + 6 * 11025 * 2);
        expect(decodePeaks(item.previewPeaks ?? '')).toHaveLength(PACK_ITEM_PEAKS);
        expect(item.durationMs).toBeGreaterThan(0);
        if (item.kind !== 'one-shot') expect(item.bpm).toBe(product.tempo);
        if (item.musicKey !== null) expect(item.musicKey).toBe(`${product.tonic} ${product.mode}`);
      }
    }
  });

  it("stores each preview's waveform, read from its file, and none for products without", async () => {
    const withPreview = firstRows.filter((row) => row.metadata.audioPreview !== undefined);
    expect(withPreview.length).toBeGreaterThanOrEqual(9);
    for (const row of withPreview) {
      const file = join(dirs.mediaDir, row.metadata.audioPreview!.replace('/media/', ''));
      const peaks = await peaksOfAudio(await readFile(file));
      expect(peaks).toHaveLength(PREVIEW_PEAKS);
      expect(row.previewPeaks).toBe(encodePeaks(peaks));
      expect(decodePeaks(row.cardPeaks!)).toHaveLength(CARD_PEAKS);
      // Music: loud somewhere, not flat.
      expect(Math.max(...peaks)).toBeGreaterThan(100);
      expect(new Set(peaks).size).toBeGreaterThan(20);
    }
    for (const row of firstRows.filter((row) => row.metadata.audioPreview === undefined)) {
      expect(row).toMatchObject({ previewPeaks: null, cardPeaks: null });
    }
  });

  it("serves the synth plugin's generated preview to its product page's player, with its waveform", async () => {
    // The store over the seeded database and folders, as `npm start` serves them.
    const { app } = await createTestContext({ database, config: dirs });
    const answer = await app.request(`/api/products/${demoProductId('analog-bass-synth')}`);
    expect(answer.status).toBe(200);
    const synth = productSchema.parse(((await answer.json()) as { data: unknown }).data);
    expect(synth.name).toBe('Analog Bass Synth');
    expect(synth.metadata.audioPreview).toBe('/media/previews/analog-bass-synth.wav');

    const audio = await app.request(synth.metadata.audioPreview!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\/(wav|x-wav|wave)/);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    // Seconds of music: loud somewhere, not flat, and the page's waveform is the file's own.
    const peaks = await peaksOfAudio(bytes);
    expect(Math.max(...peaks)).toBeGreaterThan(100);
    expect(new Set(peaks).size).toBeGreaterThan(20);
    expect(synth.previewPeaks).toBe(encodePeaks(peaks));
  });

  it('gives demo rows seeded before waveforms theirs, keeping what an admin changed', async () => {
    const pack = demoProductId('dusty-soul-sample-pack');
    const seeded = firstRows.find((row) => row.id === pack)!;
    await database.db
      .update(products)
      .set({ previewPeaks: null, cardPeaks: null, name: 'Dusty Soul (edited)' })
      .where(eq(products.id, pack));
    expect(await fillDemoPreviewPeaks(database.db, dirs.mediaDir)).toBe(1);
    const [row] = await database.db.select().from(products).where(eq(products.id, pack));
    expect(row).toMatchObject({
      name: 'Dusty Soul (edited)',
      previewPeaks: seeded.previewPeaks,
      cardPeaks: seeded.cardPeaks,
    });
    expect(await fillDemoPreviewPeaks(database.db, dirs.mediaDir)).toBe(0);
    await database.db.update(products).set({ name: seeded.name }).where(eq(products.id, pack));
  });

  it('lists the demo contents in a store seeded before packs had any, and only then', async () => {
    const before = await database.db.select().from(packItems).orderBy(asc(packItems.id));
    await database.db.delete(packItems);
    expect(await fillDemoPackContents(database.db, dirs.mediaDir)).toBe(before.length);
    expect(await database.db.select().from(packItems).orderBy(asc(packItems.id))).toEqual(before);

    // An owner who emptied one pack's list keeps it so.
    const emptied = demoProductId('trap-drum-essentials');
    await database.db.delete(packItems).where(eq(packItems.productId, emptied));
    expect(await fillDemoPackContents(database.db, dirs.mediaDir)).toBe(0);
    expect(await database.db.$count(packItems, eq(packItems.productId, emptied))).toBe(0);
    await database.db.delete(packItems);
    await database.db.insert(packItems).values(before);
  });

  it("stores each product's feature points and each category's defaults", async () => {
    for (const product of demoProducts) {
      const row = firstRows.find((r) => r.id === demoProductId(product.key));
      expect(row?.features).toEqual(demoFeatures(product));
    }
    const categoryRows = await database.db.select().from(categories);
    for (const row of categoryRows) {
      expect(row.defaultFeatures).toEqual(
        demoCategoryFeatures[row.slug as keyof typeof demoCategoryFeatures],
      );
    }
  });

  it('writes the feature points in a store seeded before products had any, and only then', async () => {
    const plain = sql`'[]'::jsonb`;
    await database.db.update(products).set({ features: plain });
    await database.db.update(categories).set({ defaultFeatures: plain });
    expect(await fillDemoFeatures(database.db)).toBe(demoProducts.length);
    const filled = await allProducts();
    for (const row of filled) {
      expect(row.features).toEqual(firstRows.find((r) => r.id === row.id)?.features);
    }
    const [packs] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.slug, 'audio-midi-packs'));
    expect(packs?.defaultFeatures).toEqual(demoCategoryFeatures['audio-midi-packs']);

    // An owner who gave one product its own points (or cleared the rest) keeps them.
    const mine = demoProductId('trap-drum-essentials');
    await database.db.update(products).set({ features: plain });
    await database.db.update(categories).set({ defaultFeatures: plain });
    await database.db
      .update(products)
      .set({ features: ['Mine'] })
      .where(eq(products.id, mine));
    expect(await fillDemoFeatures(database.db)).toBe(0);
    expect(await database.db.$count(products, sql`${products.features} <> '[]'::jsonb`)).toBe(1);

    // Back to the seeded points for the tests after this one.
    await database.db.update(products).set({ features: plain }).where(eq(products.id, mine));
    expect(await fillDemoFeatures(database.db)).toBe(demoProducts.length);
  });

  it('points every image URL at a written SVG, plus the placeholder and favicon', async () => {
    for (const row of firstRows) {
      for (const url of [row.imageUrl ?? '', ...(row.metadata.images ?? [])]) {
        expect(url).toMatch(/^\/media\/images\/.+\.svg$/);
        await expect(stat(join(dirs.mediaDir, url.replace('/media/', '')))).resolves.toBeTruthy();
      }
    }
    expect((await readdir(dirs.mediaDir)).sort()).toEqual([
      'favicon.svg',
      'images',
      'pack-previews',
      'placeholder.svg',
      'previews',
    ]);
    expect(firstRows.some((row) => (row.metadata.images ?? []).length >= 2)).toBe(true);
  });

  it("records each product file's exact size under its key, with a readable download name", async () => {
    for (const product of demoProducts) {
      const row = firstRows.find((candidate) => candidate.id === demoProductId(product.key));
      expect(row?.fileKey).toBe(`products/${product.key}.zip`);
      const file = await stat(join(dirs.filesDir, row?.fileKey ?? ''));
      expect(row?.fileSize).toBe(file.size);
      expect(file.size).toBeLessThan(3 * 1024 * 1024);
      expect(row?.fileName).toMatch(/^[A-Za-z0-9-]+\.zip$/);
    }
  });

  it('seeds again without changing ids, counts, creation dates or files', async () => {
    const zip = join(dirs.filesDir, 'products', 'dusty-soul-sample-pack.zip');
    const writtenAt = (await stat(zip)).mtimeMs;
    const itemsBefore = await database.db.select().from(packItems).orderBy(asc(packItems.id));
    // As a database seeded before waveforms were: seeding writes them.
    await database.db.update(products).set({ previewPeaks: null, cardPeaks: null });
    const again = await seedDemoCatalogue(database.db, dirs);
    const rows = await allProducts();
    expect(await database.db.select().from(packItems).orderBy(asc(packItems.id))).toEqual(
      itemsBefore,
    );
    expect(again).toEqual(firstRun);
    expect(rows.map((row) => row.id)).toEqual(firstRows.map((row) => row.id));
    expect(rows.map((row) => row.createdAt.getTime())).toEqual(
      firstRows.map((row) => row.createdAt.getTime()),
    );
    expect(rows.map((row) => row.fileSize)).toEqual(firstRows.map((row) => row.fileSize));
    expect(rows.map((row) => row.previewPeaks)).toEqual(firstRows.map((row) => row.previewPeaks));
    expect(rows.map((row) => row.cardPeaks)).toEqual(firstRows.map((row) => row.cardPeaks));
    expect(await database.db.$count(categories)).toBe(4);
    expect(rows.map((row) => row.id)).toContain(demoProductId('dusty-soul-sample-pack'));
    expect((await stat(zip)).mtimeMs).toBe(writtenAt);
  });

  it('backs every demo rating with published reviews of verified demo buyers', async () => {
    expect(firstRun.reviews).toBe(
      demoProducts.reduce((sum, product) => sum + product.reviewStars.length, 0),
    );
    for (const product of demoProducts) {
      const row = firstRows.find((r) => r.id === demoProductId(product.key))!;
      expect(row.metadata).not.toHaveProperty('rating');
      expect(row.metadata).not.toHaveProperty('reviewCount');
      expect({ count: row.ratingCount, total: row.ratingTotal }).toEqual({
        count: product.reviewStars.length,
        total: product.reviewStars.reduce((a, b) => a + b, 0),
      });
    }
    const verified = await database.db
      .select({ review: reviews, order: orders, item: orderItems })
      .from(reviews)
      .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId));
    expect(verified).toHaveLength(firstRun.reviews);
    for (const { review, order, item } of verified) {
      expect(review.status).toBe('published');
      expect(order).toMatchObject({ status: 'COMPLETED', userId: review.userId });
      expect(item).toMatchObject({ productId: review.productId, refundedAt: null });
      expect(review.createdAt.getTime()).toBeGreaterThan(order.completedAt!.getTime());
    }
  });

  it('gives a store seeded before demo reviews its review rows, once', async () => {
    const ids = demoProducts.map((product) => demoProductId(product.key));
    expect(await fillDemoReviews(database.db)).toBe(0);
    await database.db.delete(reviews);
    await database.db
      .update(products)
      .set({ metadata: sql`${products.metadata} || '{"rating": 4.8, "reviewCount": 312}'` })
      .where(inArray(products.id, ids));

    expect(await fillDemoReviews(database.db)).toBe(firstRun.reviews);
    const rows = await allProducts();
    expect(rows.some((row) => 'rating' in row.metadata || 'reviewCount' in row.metadata)).toBe(
      false,
    );
    expect(rows.map((row) => [row.ratingCount, row.ratingTotal])).toEqual(
      firstRows.map((row) => [row.ratingCount, row.ratingTotal]),
    );
    expect(await fillDemoReviews(database.db)).toBe(0);
  });

  it('orders products newest first by their ages', () => {
    const byKeyAge = (id: string): number =>
      firstRows.find((row) => row.id === id)?.createdAt.getTime() ?? 0;
    expect(byKeyAge(demoProductId('release-checklist-templates'))).toBeGreaterThan(
      byKeyAge(demoProductId('vintage-drum-machine-pack')),
    );
  });

  it('links products to a category that already existed under another id', async () => {
    const other = await createTestDatabase();
    try {
      const [existing] = await other.db
        .insert(categories)
        .values({ slug: 'plugins', name: 'Old plugins name' })
        .returning();
      await seedDemoCatalogue(other.db, dirs);
      const [plugins] = await other.db
        .select()
        .from(categories)
        .where(eq(categories.slug, 'plugins'));
      expect(plugins).toMatchObject({ id: existing?.id, name: 'Plugins' });
      const linked = await other.db
        .select()
        .from(products)
        .where(eq(products.categoryId, existing?.id ?? ''));
      expect(linked.length).toBe(
        demoProducts.filter((product) => product.category === 'plugins').length,
      );
    } finally {
      await other.close();
    }
  });
});
