import { describe, expect } from 'vitest';
import { productSchema, type Product, type ProductPage } from '#shared/catalogue';
import { CARD_PEAKS, decodePeaks, PREVIEW_PEAKS } from '#shared/waveform';
import { previewPeakColumns } from '../audio/audio-peaks';
import type { CategoryRow, ProductRow } from '../db/schema';
import { createCategory, createProduct } from '#tests/support/factories';
import { getJson } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';

/**
 * The database writes the products the API sends (product-json.ts). These hold that JSON to the
 * contract: exactly productSchema's fields, dates as toISOString() writes them, storage keys
 * and the search vector left out.
 */

function expected(row: ProductRow, category: CategoryRow | null): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    payWhatYouWant:
      row.pwywMinimumCents === null
        ? null
        : { minimumCents: row.pwywMinimumCents, confirmAboveCents: row.pwywConfirmAboveCents },
    categoryId: row.categoryId,
    category: category
      ? {
          id: category.id,
          name: category.name,
          slug: category.slug,
          description: category.description,
        }
      : null,
    imageUrl: row.imageUrl,
    fileSize: row.fileSize,
    downloadLimit: row.downloadLimit,
    unlimitedForAccounts: row.unlimitedForAccounts,
    isActive: row.isActive,
    metadata: row.metadata,
    music: {
      bpmMin: row.bpmMin,
      bpmMax: row.bpmMax,
      key: row.musicKey,
      genres: row.genres,
      instruments: row.instruments,
      formats: row.formats,
      systems: row.systems,
      daws: row.daws,
    },
    previewPeaks: row.previewPeaks,
    isBundle: false,
    ratingCount: row.ratingCount,
    ratingTotal: row.ratingTotal,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

describe('products as the API sends them', () => {
  it('has exactly the schema fields, with the values of the row', async ({ app, db }) => {
    const category = await createCategory(db, { name: 'Synths & Keys', description: null });
    const row = await createProduct(db, {
      name: 'Quote "Test" Pad',
      description: 'Line one\nline two, with a tab\tand unicode: ünïcødé ♪',
      priceCents: 1234,
      categoryId: category.id,
      imageUrl: '/media/images/pad-1.svg',
      fileKey: 'products/secret.zip',
      fileName: 'secret.zip',
      fileSize: 5_242_880,
      downloadLimit: 5,
      metadata: { tags: ['pads', 'ambient'], rating: 4.5, featured: true, originalPrice: 1999 },
      features: ['Quote "one"', 'ünïcødé ♪'],
      refundDays: 21,
      createdAt: new Date('2024-02-29T23:59:58.123Z'),
      updatedAt: new Date('2025-06-01T00:00:00.007Z'),
    });
    const { status, body } = await getJson<{ data: Product }>(app, `/api/products/${row.id}`);
    expect(status).toBe(200);
    // The product's own answer lists its latest version's files (none for this one), its
    // feature points and its promises.
    expect(body.data).toStrictEqual({
      ...expected(row, category),
      files: [],
      features: ['Quote "one"', 'ünïcødé ♪'],
      promises: { refundDays: 21, freeUpdates: false },
    });
    expect(() => productSchema.strict().parse(body.data)).not.toThrow();
  });

  it('writes a product without a category or image with nulls', async ({ app, db }) => {
    const row = await createProduct(db, { imageUrl: null, fileSize: null, metadata: {} });
    const { body } = await getJson<{ data: Product }>(app, `/api/products/${row.id}`);
    expect(body.data).toStrictEqual({
      ...expected(row, null),
      files: [],
      features: [],
      promises: { refundDays: null, freeUpdates: false },
    });
  });

  it('writes the same products in lists', async ({ app, db }) => {
    const category = await createCategory(db);
    const row = await createProduct(db, { categoryId: category.id, metadata: { isNew: true } });
    const { body } = await getJson<ProductPage>(
      app,
      `/api/products?category=${category.slug}&limit=5`,
    );
    expect(body).toStrictEqual({
      data: [expected(row, category)],
      total: 1,
      limit: 5,
      offset: 0,
      hasMore: false,
    });
  });
});

describe('the waveform in a product answer and in lists', () => {
  it("sends the whole waveform with the product, the cards' summary in every list", async ({
    app,
    db,
  }) => {
    const peaks = new Uint8Array(PREVIEW_PEAKS);
    for (let i = 0; i < peaks.length; i++) peaks[i] = Math.round((i * 255) / (peaks.length - 1));
    const columns = previewPeakColumns(peaks);
    const category = await createCategory(db);
    const row = await createProduct(db, {
      name: 'Waveform Marimba Loops',
      categoryId: category.id,
      metadata: { featured: true },
      ...columns,
    });
    await createProduct(db, { categoryId: category.id });

    const own = await getJson<{ data: Product }>(app, `/api/products/${row.id}`);
    expect(own.body.data.previewPeaks).toBe(columns.previewPeaks);
    expect([...decodePeaks(own.body.data.previewPeaks!)]).toEqual([...peaks]);

    const listed = async (path: string) => {
      const { status, body } = await getJson<{ data: Product[] }>(app, path);
      expect(status, path).toBe(200);
      const product = body.data.find((item) => item.id === row.id);
      expect(product, path).toBeDefined();
      return product!.previewPeaks;
    };
    for (const path of [
      `/api/products?category=${category.slug}`,
      '/api/products/featured?limit=24',
      `/api/products/${(await createProduct(db, { categoryId: category.id })).id}/related?limit=10`,
      '/api/products?q=Waveform%20Marimba',
    ]) {
      const card = await listed(path);
      expect(card, path).toBe(columns.cardPeaks);
      const summary = decodePeaks(card!);
      expect(summary, path).toHaveLength(CARD_PEAKS);
      // The summary keeps the loudest of each stretch: here the last peak of each.
      expect(summary[0]).toBe(peaks[Math.floor(PREVIEW_PEAKS / CARD_PEAKS) - 1]);
      expect(summary[CARD_PEAKS - 1]).toBe(255);
    }
  });
});
