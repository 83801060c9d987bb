import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '#server/storage/s3-storage';
import type { PackItem } from '#shared/music';
import { signedInAdmin } from '#tests/support/auth-client';
import { createCategory } from '#tests/support/factories';
import { extractionOf, packWithZip, workerFor } from '#tests/support/pack-extraction-client';
import { midiBytes, wavBytes, zipBytes } from '#tests/support/pack-zips';
import { startS3TestServer } from '#tests/support/s3-test-server';
import { createTestContext, type TestContext } from '#tests/support/test-app';

describe('pack contents read from a ZIP stored on S3 (ranged GETs)', () => {
  let server: S3rver;
  let ctx: TestContext;
  let settings: S3Settings;
  beforeAll(async () => {
    ({ server, settings } = await startS3TestServer());
    ctx = await createTestContext({ config: { s3: settings } });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('lists the items of a ZIP uploaded to the bucket', async () => {
    const { browser: admin } = await signedInAdmin(ctx, 'owner@example.com');
    const category = await createCategory(ctx.database.db, { slug: 'sample-packs' });
    const zip = await zipBytes([
      { name: 'Pack/Loops/Bass Gm 140bpm.wav', bytes: wavBytes({ seconds: 3 }) },
      { name: 'Pack/Notes.txt', bytes: Buffer.from('thanks') },
      { name: 'Pack/MIDI/Bass.mid', bytes: midiBytes(140), compress: true },
    ]);
    const product = await packWithZip(ctx, admin, zip, category.id);
    expect(await workerFor(ctx, settings).drainOnce()).toBe(1);
    expect(await extractionOf(admin, product.id)).toMatchObject({ status: 'done', itemsDone: 2 });
    const contents = await admin.request(`/api/admin/products/${product.id}/contents`);
    const items = (contents.body as { data: PackItem[] }).data;
    expect(
      items.map(({ name, kind, bpm, key, durationMs }) => [name, kind, bpm, key, durationMs]),
    ).toEqual([
      ['Bass Gm 140bpm', 'loop', 140, 'G minor', 3000],
      ['Bass', 'midi', 140, null, 1714],
    ]);
  }, 60_000);
});
