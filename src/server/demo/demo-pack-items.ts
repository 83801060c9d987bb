import type { NewPackItemRow } from '../db/schema';
import { packFiles } from './assets/pack-files';
import { writeIfMissing } from './demo-assets';
import { demoPackItemId, demoProductId, isPack, soundSpec } from './demo-catalogue';
import type { DemoProduct } from './demo-types';
import { packItemPreviews, type PackItemPreview } from './pack-previews';

/** A pack's item rows as the database keeps them: ids from the product key and the position. */
export function demoPackItemRows(
  key: string,
  rows: readonly PackItemPreview['row'][],
): NewPackItemRow[] {
  return rows.map((row) => ({
    ...row,
    id: demoPackItemId(key, row.position),
    productId: demoProductId(key),
  }));
}

/**
 * The demo packs' contents for a store seeded before packs listed them: each item's preview
 * written where it is missing (the archives are left as they are), and the rows to insert.
 */
export async function writeDemoPackItems(
  products: readonly DemoProduct[],
  mediaDir: string,
): Promise<NewPackItemRow[]> {
  const rows: NewPackItemRow[] = [];
  for (const product of products.filter(isPack)) {
    const items = packItemPreviews(
      product.key,
      packFiles(product.sound, soundSpec(product)),
      mediaDir,
    );
    for (const item of items) await writeIfMissing(item.file.path, item.file.build);
    rows.push(
      ...demoPackItemRows(
        product.key,
        items.map((item) => item.row),
      ),
    );
  }
  return rows;
}
