import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { encodeWav } from '#server/demo/assets/wav';
import type { AdminProduct } from '#shared/admin-products-api';
import type { Product } from '#shared/catalogue';
import { PREVIEW_UPLOADS_PATH } from '#shared/upload-limits';
import type { PreviewUpload } from '#shared/uploads';
import { CARD_PEAKS, decodePeaks, PREVIEW_PEAKS } from '#shared/waveform';
import type { TestBrowser } from '#tests/support/auth-client';
import { createTestContext, getJson, type TestContext } from '#tests/support/test-app';
import { postFile, signedInAdmin } from '#tests/support/upload-client';

/**
 * An audio preview set in the product editor from an upload gets its waveform in the same
 * product write (issue 19.1): the shop then draws it without decoding anything.
 */
let ctx: TestContext;
let admin: TestBrowser;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ browser: admin } = await signedInAdmin(ctx, 'owner@example.com'));
  cookie = admin.cookieHeader();
});
afterAll(() => ctx.close());

async function uploadPreview(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<PreviewUpload> {
  const response = await postFile(ctx, cookie, PREVIEW_UPLOADS_PATH, {
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

async function createProduct(fields: Record<string, unknown>): Promise<AdminProduct> {
  const created = await admin.request('/api/admin/products', {
    body: { name: 'Sine Study', price: '9.99', status: 'active', ...fields },
  });
  expect(created.status).toBe(201);
  return (created.body as { data: AdminProduct }).data;
}

async function patchProduct(id: string, fields: Record<string, unknown>) {
  const patched = await admin.request(`/api/admin/products/${id}`, {
    method: 'PATCH',
    body: fields,
  });
  expect(patched.status).toBe(200);
}

async function storedPeaks(id: string) {
  const [row] = await ctx.database.db
    .select({ previewPeaks: products.previewPeaks, cardPeaks: products.cardPeaks })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const shopPeaks = async (id: string) =>
  (await getJson<{ data: Product }>(ctx, `/api/products/${id}`)).body.data.previewPeaks;

describe('the waveform of a preview set in the product editor', () => {
  it('is computed from the uploaded file when a product is created with it', async () => {
    const preview = await uploadPreview('sine.wav', new Uint8Array(silenceThenSine()));
    const product = await createProduct({ audioPreview: preview.url });

    const peaks = decodePeaks((await shopPeaks(product.id))!);
    expect(peaks).toHaveLength(PREVIEW_PEAKS);
    expect(Math.max(...peaks.subarray(0, 500))).toBe(0);
    expect(Math.min(...peaks.subarray(500))).toBeGreaterThanOrEqual(254);
    const stored = await storedPeaks(product.id);
    expect(decodePeaks(stored.cardPeaks!)).toHaveLength(CARD_PEAKS);
  });

  it('follows the preview through edits: another upload, other fields, an outside link, none', async () => {
    const first = await uploadPreview('sine.wav', new Uint8Array(silenceThenSine()));
    const product = await createProduct({ audioPreview: first.url });
    const firstPeaks = await storedPeaks(product.id);

    // An Ogg Vorbis upload (tests/fixtures/audio: silence, then a sine at −1 dB).
    const ogg = await readFile(
      new URL('../../../../tests/fixtures/audio/silence-then-sine.ogg', import.meta.url),
    );
    const second = await uploadPreview('take two.ogg', new Uint8Array(ogg));
    expect(second.format).toBe('OGG');
    await patchProduct(product.id, { audioPreview: second.url });
    const secondPeaks = await storedPeaks(product.id);
    expect(secondPeaks.previewPeaks).not.toBe(firstPeaks.previewPeaks);
    const loud = Math.max(...decodePeaks(secondPeaks.previewPeaks!));
    expect(loud).toBeGreaterThan(200);
    expect(loud).toBeLessThan(250);

    // Saving other fields, or the same preview again, keeps the waveform.
    await patchProduct(product.id, { name: 'Sine Study II', audioPreview: second.url });
    expect(await storedPeaks(product.id)).toEqual(secondPeaks);

    // A preview linked from elsewhere is not fetched: no waveform.
    await patchProduct(product.id, { audioPreview: 'https://cdn.example.com/sine.mp3' });
    expect(await storedPeaks(product.id)).toEqual({ previewPeaks: null, cardPeaks: null });
    expect(await shopPeaks(product.id)).toBeNull();

    await patchProduct(product.id, { audioPreview: first.url });
    expect(await storedPeaks(product.id)).toEqual(firstPeaks);

    await patchProduct(product.id, { audioPreview: '' });
    expect(await storedPeaks(product.id)).toEqual({ previewPeaks: null, cardPeaks: null });
  });

  it('has none for a stored preview path that holds no file, and the product still saves', async () => {
    const product = await createProduct({ audioPreview: '/media/previews/missing.wav' });
    expect(await storedPeaks(product.id)).toEqual({ previewPeaks: null, cardPeaks: null });
  });

  it('fills in on the next save of a product whose preview predates waveforms', async () => {
    const preview = await uploadPreview('sine.wav', new Uint8Array(silenceThenSine()));
    const product = await createProduct({ audioPreview: preview.url });
    const computed = await storedPeaks(product.id);
    await ctx.database.db
      .update(products)
      .set({ previewPeaks: null, cardPeaks: null })
      .where(eq(products.id, product.id));
    await patchProduct(product.id, { name: 'Resaved', audioPreview: preview.url });
    expect(await storedPeaks(product.id)).toEqual(computed);
  });
});
