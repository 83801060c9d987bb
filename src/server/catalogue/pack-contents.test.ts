import { describe, expect } from 'vitest';
import type { ApiErrorBody } from '#shared/errors';
import { packContentsSchema, type PackContents } from '#shared/pack-contents';
import { PACK_ITEM_PEAKS, decodePeaks, encodePeaks } from '#shared/waveform';
import { createProduct } from '#tests/support/factories';
import { getJson } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { packItems, type NewPackItemRow } from '../db/schema';

async function addItems(db: Db, productId: string, items: Omit<NewPackItemRow, 'productId'>[]) {
  await db.insert(packItems).values(items.map((item) => ({ ...item, productId })));
}

describe('GET /api/products/:id/contents', () => {
  it("lists a pack's items in list order, with their facts, previews and peaks", async ({
    app,
    db,
  }) => {
    const pack = await createProduct(db, { name: 'Contents Pack' });
    const peaks = encodePeaks(new Uint8Array(PACK_ITEM_PEAKS).fill(128));
    // Stored out of order: the answer follows the positions.
    await addItems(db, pack.id, [
      {
        position: 3,
        name: 'Chords 01 (Eb major)',
        kind: 'midi',
        bpm: 72,
        musicKey: 'Eb major',
        durationMs: 6667,
        previewUrl: '/media/pack-previews/p/03.wav',
        previewPeaks: peaks,
      },
      { position: 1, name: 'Drum Loop 01 – 140 BPM', kind: 'loop', bpm: 140, durationMs: 3429 },
      { position: 2, name: 'Kick 01', kind: 'one-shot', durationMs: 600 },
    ]);

    const { status, body, response } = await getJson<PackContents>(
      app,
      `/api/products/${pack.id}/contents`,
    );
    expect(status).toBe(200);
    expect(packContentsSchema.parse(body)).toEqual(body);
    expect(body.data.map((item) => item.name)).toEqual([
      'Drum Loop 01 – 140 BPM',
      'Kick 01',
      'Chords 01 (Eb major)',
    ]);
    expect(body.data[2]).toMatchObject({
      kind: 'midi',
      bpm: 72,
      key: 'Eb major',
      durationMs: 6667,
      previewUrl: '/media/pack-previews/p/03.wav',
    });
    expect(decodePeaks(body.data[2]?.previewPeaks ?? '')).toHaveLength(PACK_ITEM_PEAKS);
    expect(body.data[1]).toMatchObject({
      kind: 'one-shot',
      bpm: null,
      key: null,
      previewUrl: null,
    });
    expect(response.headers.get('cache-control')).toContain('public');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('answers an empty list for a product without items', async ({ app, db }) => {
    const plugin = await createProduct(db, { name: 'A plugin' });
    const { status, body } = await getJson<PackContents>(
      app,
      `/api/products/${plugin.id}/contents`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ data: [] });
  });

  it("answers 404 'Product not found' for an inactive, unknown or malformed product", async ({
    app,
    db,
  }) => {
    const retired = await createProduct(db, { status: 'archived' });
    await addItems(db, retired.id, [
      { position: 1, name: 'Kick 01', kind: 'one-shot', durationMs: 500 },
    ]);
    for (const id of [retired.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const { status, body } = await getJson<ApiErrorBody>(app, `/api/products/${id}/contents`);
      expect(status).toBe(404);
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Product not found' });
    }
  });

  it('answers 304 to a matching If-None-Match', async ({ app, db }) => {
    const pack = await createProduct(db);
    const path = `/api/products/${pack.id}/contents`;
    const tag = (await app.request(path)).headers.get('etag') ?? '';
    expect((await app.request(path, { headers: { 'If-None-Match': tag } })).status).toBe(304);
  });
});
