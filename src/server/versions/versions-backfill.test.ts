import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { productFiles, productVersions } from '#server/db/schema';
import { createProduct } from '#tests/support/factories';
import { describe, expect, testInFreshStore as it } from '#tests/support/fixtures';

/** Migration 0030's backfill (its last two statements), run again on products made here. */
const backfill = readFileSync(
  new URL('../db/migrations/0030_product_versions.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .slice(-2)
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .filter(Boolean);

describe('migration 0030', () => {
  it('gives each product with a file version 1.0.0 holding that file for all platforms', async ({
    db,
  }) => {
    const updatedAt = new Date('2026-03-01T10:00:00Z');
    const withFile = await createProduct(db, {
      fileKey: 'products/synth.zip',
      fileName: 'Synth.zip',
      fileSize: 1234,
      updatedAt,
    });
    const withoutFile = await createProduct(db);
    for (const statement of backfill) await db.execute(sql.raw(statement));

    const versions = await db.select().from(productVersions);
    expect(versions).toEqual([
      expect.objectContaining({
        productId: withFile.id,
        version: '1.0.0',
        releasedAt: updatedAt,
        available: true,
      }),
    ]);
    const files = await db.select().from(productFiles);
    expect(files).toEqual([
      expect.objectContaining({
        productId: withFile.id,
        versionId: versions[0]!.id,
        platform: 'any',
        fileKey: 'products/synth.zip',
        fileName: 'Synth.zip',
        fileSize: 1234,
      }),
    ]);
    expect(
      await db.select().from(productVersions).where(eq(productVersions.productId, withoutFile.id)),
    ).toEqual([]);
  });
});
