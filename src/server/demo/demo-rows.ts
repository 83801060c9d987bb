import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NO_PREVIEW_PEAKS } from '../audio/audio-peaks';
import type { NewPackItemRow, NewProductRow } from '../db/schema';
import type { ProductMetadata } from '#shared/catalogue';
import { DEFAULT_DOWNLOAD_LIMIT } from '#shared/product';
import { DEFAULT_ACTIVATION_LIMIT, LICENSED_CATEGORY_SLUGS } from '#shared/licenses';
import type { Storage } from '../storage/storage';
import { downloadBaseName } from './assets/archive';
import {
  demoCategories,
  demoCategoryId,
  demoProductId,
  demoProducts,
  isPack,
} from './demo-catalogue';
import { demoPackItemRows } from './demo-pack-items';
import { demoCategoryFeatures, demoFeatures } from './demo-features';
import { demoMusicFacts } from './demo-music';
import {
  fileKey,
  hasAudioPreview,
  imageUrl,
  previewUrl,
  writeDemoAssets,
  type SeedDirs,
} from './demo-assets';
import type { CategorySlug, DemoProduct } from './demo-types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo catalogue as rows to store; a product names its category by slug. */
export interface DemoCatalogueRows {
  categories: {
    id: string;
    slug: CategorySlug;
    name: string;
    description: string;
    defaultFeatures: string[];
  }[];
  products: (Omit<NewProductRow, 'categoryId'> & { categorySlug: CategorySlug })[];
  /** Every pack's contents, in list order; ids derive from the product and the position. */
  packItems: NewPackItemRow[];
}

function productMetadata(product: DemoProduct): ProductMetadata {
  const metadata: ProductMetadata = {
    product_type: 'digital_download',
    purchase_limit: product.purchaseLimit ?? '1',
    tags: product.tags,
    images: Array.from({ length: product.imageCount - 1 }, (_, i) => imageUrl(product.key, i + 2)),
  };
  if (product.originalPriceCents !== undefined) {
    metadata.originalPrice = product.originalPriceCents;
    metadata.isOnSale = true;
  }
  if (product.isNew) metadata.isNew = true;
  if (product.featured) metadata.featured = true;
  if (hasAudioPreview(product)) metadata.audioPreview = previewUrl(product.key);
  if (isPack(product)) {
    // What the product sheet shows a producer (#shared/product-sheet).
    metadata.format = 'ZIP: WAV loops and MIDI files';
  } else {
    metadata.format = 'ZIP: presets and user manual';
  }
  return metadata;
}

/** Plugins and apps issue licence keys (3 machines each); a product may say otherwise. */
function licenceColumns(product: DemoProduct) {
  const licence = isPack(product) ? undefined : product.licence;
  return {
    licenseKeys: licence !== undefined || LICENSED_CATEGORY_SLUGS.includes(product.category),
    activationLimit: licence?.activationLimit ?? DEFAULT_ACTIVATION_LIMIT,
  };
}

/**
 * Writes the demo catalogue's files (only those missing; S3 gets a copy of each file it lacks)
 * and answers its categories and products as rows. Ids derive from the product keys, so the
 * same rows come back on every run.
 */
export async function prepareDemoCatalogue(
  dirs: SeedDirs,
  /** Where product files are served from. */
  storage: Storage | undefined,
  now: Date,
): Promise<DemoCatalogueRows> {
  const { fileSizes, previewPeaks, packItems } = await writeDemoAssets(demoProducts, dirs);
  if (storage?.kind === 's3') {
    for (const product of demoProducts) {
      const key = fileKey(product.key);
      if (await storage.stat(key)) continue;
      await storage.put(key, await readFile(join(dirs.filesDir, key)), 'application/zip');
    }
  }
  return {
    categories: demoCategories.map((category) => ({
      id: demoCategoryId(category.slug),
      slug: category.slug,
      name: category.name,
      description: category.description,
      defaultFeatures: demoCategoryFeatures[category.slug],
    })),
    products: demoProducts.map((product) => ({
      id: demoProductId(product.key),
      categorySlug: product.category,
      name: product.name,
      description: product.description,
      priceCents: product.priceCents,
      imageUrl: imageUrl(product.key, 1),
      fileKey: fileKey(product.key),
      fileName: `${downloadBaseName(product.name)}.zip`,
      fileSize: fileSizes.get(product.key) ?? null,
      downloadLimit: product.downloadLimit ?? DEFAULT_DOWNLOAD_LIMIT,
      status: product.isActive === false ? 'archived' : 'active',
      metadata: productMetadata(product),
      features: demoFeatures(product),
      ...(previewPeaks.get(product.key) ?? NO_PREVIEW_PEAKS),
      ...(isPack(product) && {
        bpmMin: product.tempo,
        bpmMax: product.tempo,
        musicKey: `${product.tonic} ${product.mode}` as const,
      }),
      genres: [],
      instruments: [],
      formats: [],
      systems: [],
      daws: [],
      ...demoMusicFacts[product.key],
      ...licenceColumns(product),
      createdAt: new Date(now.getTime() - product.createdDaysAgo * DAY_MS),
      updatedAt: now,
    })),
    packItems: [...packItems].flatMap(([key, rows]) => demoPackItemRows(key, rows)),
  };
}
