import { dirname, join } from 'node:path';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { peaksOfAudio, previewPeakColumns, type PreviewPeakColumns } from '../audio/audio-peaks';
import { buildPackArchive, buildSoftwareArchive, type PackSound } from './assets/archive';
import { packFiles, type PackFile } from './assets/pack-files';
import { faviconSvg, placeholderSvg, renderCoverArt } from './assets/cover-art';
import type { SoundSpec } from './assets/music-theory';
import type { SoftwareKind } from './assets/software-docs';
import {
  renderBassLine,
  renderChordProgression,
  renderDrumLoop,
  renderGroove,
} from './assets/synth';
import { encodeWav } from './assets/wav';
import { demoCategories, isPack, soundSpec } from './demo-catalogue';
import type { DemoProduct } from './demo-types';
import { packItemPreviews, type PackItemPreview } from './pack-previews';

export interface SeedDirs {
  /** Public files served under /media. */
  mediaDir: string;
  /** Private product downloads, keyed by the products' file keys. */
  filesDir: string;
}

export const imageUrl = (key: string, n: number): string => `/media/images/${key}-${n}.svg`;
export const previewUrl = (key: string): string => `/media/previews/${key}.wav`;
export const fileKey = (key: string): string => `products/${key}.zip`;

const SOFTWARE_KIND: Record<Exclude<DemoProduct['category'], 'audio-midi-packs'>, SoftwareKind> = {
  plugins: 'plugin',
  apps: 'app',
  productivity: 'productivity',
};

function renderPackPreview(sound: PackSound, spec: SoundSpec): Float32Array {
  switch (sound) {
    case 'drums':
      return renderDrumLoop(spec);
    case 'keys':
      return renderChordProgression(spec);
    case 'bass':
      return renderBassLine(spec);
    case 'groove':
      return renderGroove(spec);
  }
}

/**
 * What a product's preview plays, or null for none: a pack's loop; an instrument plugin's
 * first audio example (the synth's Bass_Line_01.wav, the same notes its download holds), as a
 * buyer wants to hear an instrument before buying it. Effects and apps have no preview: their
 * before-and-after pairs are in the download.
 */
function previewSound(product: DemoProduct): (() => Float32Array) | null {
  const spec = soundSpec(product);
  if (isPack(product)) return () => renderPackPreview(product.sound, spec);
  if (product.audioDemo === 'synth') return () => renderBassLine(spec, 0);
  return null;
}

/** Whether the demo product has a preview file (and so metadata.audioPreview and peaks). */
export const hasAudioPreview = (product: DemoProduct): boolean => previewSound(product) !== null;

/**
 * Existing files are kept, so a second seed is fast and never changes a file a buyer may be
 * downloading. Writing to a temporary name first means a crash cannot leave a truncated
 * file that later runs would then trust.
 */
export async function writeIfMissing(
  path: string,
  build: () => Uint8Array | string,
): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, build());
  await rename(temporary, path);
  return (await stat(path)).size;
}

function buildArchive(product: DemoProduct, files: readonly PackFile[] | undefined): Uint8Array {
  if (isPack(product)) {
    return buildPackArchive({
      name: product.name,
      sound: product.sound,
      spec: soundSpec(product),
      files,
    });
  }
  return buildSoftwareArchive({
    name: product.name,
    kind: SOFTWARE_KIND[product.category],
    description: product.description,
    presets: product.presets,
    settings: product.settings,
    audioDemo: product.audioDemo && { kind: product.audioDemo, spec: soundSpec(product) },
  });
}

export interface DemoAssetFacts {
  /** Each product's download size in bytes, by key. */
  fileSizes: Map<string, number>;
  /** The waveform of each product with a preview, by key, read from its file as written. */
  previewPeaks: Map<string, PreviewPeakColumns>;
  /** Each pack's contents (what its ZIP holds) with their previews' URLs and peaks, by key. */
  packItems: Map<string, PackItemPreview['row'][]>;
}

/** Writes every missing demo asset and tells what the catalogue's rows need of them. */
export async function writeDemoAssets(
  products: readonly DemoProduct[],
  dirs: SeedDirs,
): Promise<DemoAssetFacts> {
  await writeIfMissing(join(dirs.mediaDir, 'placeholder.svg'), placeholderSvg);
  await writeIfMissing(join(dirs.mediaDir, 'favicon.svg'), faviconSvg);
  const fileSizes = new Map<string, number>();
  const previewPeaks = new Map<string, PreviewPeakColumns>();
  const packItems = new Map<string, PackItemPreview['row'][]>();
  for (const product of products) {
    const categoryName = demoCategories.find((c) => c.slug === product.category)?.name ?? '';
    for (let variant = 1; variant <= product.imageCount; variant++) {
      await writeIfMissing(join(dirs.mediaDir, 'images', `${product.key}-${variant}.svg`), () =>
        renderCoverArt({ key: product.key, name: product.name, categoryName, variant }),
      );
    }
    // A pack's files are rendered once, for its item previews and its archive alike.
    const files = isPack(product) ? packFiles(product.sound, soundSpec(product)) : undefined;
    const sound = previewSound(product);
    if (sound) {
      const preview = join(dirs.mediaDir, 'previews', `${product.key}.wav`);
      await writeIfMissing(preview, () => encodeWav(sound()));
      // From the file, not the rendered samples: a file kept from an earlier run is what plays.
      previewPeaks.set(
        product.key,
        previewPeakColumns(await peaksOfAudio(await readFile(preview))),
      );
    }
    if (isPack(product) && files) {
      const items = packItemPreviews(product.key, files, dirs.mediaDir);
      for (const item of items) await writeIfMissing(item.file.path, item.file.build);
      packItems.set(
        product.key,
        items.map((item) => item.row),
      );
    }
    const size = await writeIfMissing(join(dirs.filesDir, fileKey(product.key)), () =>
      buildArchive(product, files),
    );
    fileSizes.set(product.key, size);
  }
  return { fileSizes, previewPeaks, packItems };
}
