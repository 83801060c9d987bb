import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { products } from '#server/db/schema';
import { encodeWav } from '#server/demo/assets/wav';
import type { AdminProduct } from '#shared/admin-products-api';
import type { Product } from '#shared/catalogue';
import { PREVIEW_UPLOADS_PATH } from '#shared/upload-limits';
import type { PreviewUpload } from '#shared/uploads';
import { CARD_PEAKS, decodePeaks, PREVIEW_PEAKS } from '#shared/waveform';
import type { TestBrowser } from '#tests/support/auth-client';
import { getJson, type TestContext } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { postFile } from '#tests/support/upload-client';

/**
 * An audio preview set in the product editor from an upload gets its waveform in the same
 * product write: the shop then draws it without decoding anything.
 */

async function uploadPreview(
  app: TestContext,
  admin: TestBrowser,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<PreviewUpload> {
  const response = await postFile(app, admin.cookieHeader(), PREVIEW_UPLOADS_PATH, {
    name,
    type: 'application/octet-stream',
    bytes,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { preview: PreviewUpload }).preview;
}

/** Two seconds: one silent, one of a full-scale sine. */
function silenceThenSine(): Buffer {
  const samples = new Float32Array(2 * 22050);
  for (let i = 22050; i < samples.length; i++)
    samples[i] = Math.sin((2 * Math.PI * 441 * i) / 22050);
  return encodeWav(samples);
}

async function createProduct(
  admin: TestBrowser,
  fields: Record<string, unknown>,
): Promise<AdminProduct> {
  const created = await admin.request('/api/admin/products', {
    body: { name: 'Sine Study', price: '9.99', status: 'active', ...fields },
  });
  expect(created.status).toBe(201);
  return (created.body as { data: AdminProduct }).data;
}

async function patchProduct(admin: TestBrowser, id: string, fields: Record<string, unknown>) {
  const patched = await admin.request(`/api/admin/products/${id}`, {
    method: 'PATCH',
    body: fields,
  });
  expect(patched.status).toBe(200);
}

async function storedPeaks(db: Db, id: string) {
  const [row] = await db
    .select({ previewPeaks: products.previewPeaks, cardPeaks: products.cardPeaks })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const shopPeaks = async (app: TestContext, id: string) =>
  (await getJson<{ data: Product }>(app, `/api/products/${id}`)).body.data.previewPeaks;

describe('the waveform of a preview set in the product editor', () => {
  it('is computed from the uploaded file when a product is created with it', async ({
    app,
    db,
    admin,
  }) => {
    const preview = await uploadPreview(app, admin, 'sine.wav', new Uint8Array(silenceThenSine()));
    const product = await createProduct(admin, { audioPreview: preview.url });

    const peaks = decodePeaks((await shopPeaks(app, product.id))!);
    expect(peaks).toHaveLength(PREVIEW_PEAKS);
    expect(Math.max(...peaks.subarray(0, 500))).toBe(0);
    expect(Math.min(...peaks.subarray(500))).toBeGreaterThanOrEqual(254);
    const stored = await storedPeaks(db, product.id);
    expect(decodePeaks(stored.cardPeaks!)).toHaveLength(CARD_PEAKS);
  });

  it('follows the preview through edits: another upload, other fields, an outside link, none', async ({
    app,
    db,
    admin,
  }) => {
    const first = await uploadPreview(app, admin, 'sine.wav', new Uint8Array(silenceThenSine()));
    const product = await createProduct(admin, { audioPreview: first.url });
    const firstPeaks = await storedPeaks(db, product.id);

    // An Ogg Vorbis upload (tests/fixtures/audio: silence, then a sine at −1 dB).
    const ogg = await readFile(
      new URL('../../../../tests/fixtures/audio/silence-then-sine.ogg', import.meta.url),
    );
    const second = await uploadPreview(app, admin, 'take two.ogg', new Uint8Array(ogg));
    expect(second.format).toBe('OGG');
    await patchProduct(admin, product.id, { audioPreview: second.url });
    const secondPeaks = await storedPeaks(db, product.id);
    expect(secondPeaks.previewPeaks).not.toBe(firstPeaks.previewPeaks);
    const loud = Math.max(...decodePeaks(secondPeaks.previewPeaks!));
    expect(loud).toBeGreaterThan(200);
    expect(loud).toBeLessThan(250);

    // Saving other fields, or the same preview again, keeps the waveform.
    await patchProduct(admin, product.id, { name: 'Sine Study II', audioPreview: second.url });
    expect(await storedPeaks(db, product.id)).toEqual(secondPeaks);

    // A preview linked from elsewhere is not fetched: no waveform.
    await patchProduct(admin, product.id, { audioPreview: 'https://cdn.example.com/sine.mp3' });
    expect(await storedPeaks(db, product.id)).toEqual({ previewPeaks: null, cardPeaks: null });
    expect(await shopPeaks(app, product.id)).toBeNull();

    await patchProduct(admin, product.id, { audioPreview: first.url });
    expect(await storedPeaks(db, product.id)).toEqual(firstPeaks);

    await patchProduct(admin, product.id, { audioPreview: '' });
    expect(await storedPeaks(db, product.id)).toEqual({ previewPeaks: null, cardPeaks: null });
  });

  it('has none for a stored preview path that holds no file, and the product still saves', async ({
    db,
    admin,
  }) => {
    const product = await createProduct(admin, { audioPreview: '/media/previews/missing.wav' });
    expect(await storedPeaks(db, product.id)).toEqual({ previewPeaks: null, cardPeaks: null });
  });

  it('fills in on the next save of a product whose preview predates waveforms', async ({
    app,
    db,
    admin,
  }) => {
    const preview = await uploadPreview(app, admin, 'sine.wav', new Uint8Array(silenceThenSine()));
    const product = await createProduct(admin, { audioPreview: preview.url });
    const computed = await storedPeaks(db, product.id);
    await db
      .update(products)
      .set({ previewPeaks: null, cardPeaks: null })
      .where(eq(products.id, product.id));
    await patchProduct(admin, product.id, { name: 'Resaved', audioPreview: preview.url });
    expect(await storedPeaks(db, product.id)).toEqual(computed);
  });
});
