import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoProducts } from '../../src/server/demo/demo-catalogue';
import { fileKey, writeDemoAssets } from '../../src/server/demo/demo-assets';

/**
 * The bytes the server stores for a demo product. The seed builds each archive
 * deterministically (fixed content and timestamps), so building it again gives the same file.
 */
export async function storedFileOf(productName: string): Promise<Buffer> {
  const demo = demoProducts.find((candidate) => candidate.name === productName);
  if (!demo) throw new Error(`no demo product named ${productName}`);
  const dir = await mkdtemp(join(tmpdir(), 'loopmarket-e2e-expected-'));
  try {
    const dirs = { mediaDir: join(dir, 'media'), filesDir: join(dir, 'files') };
    await writeDemoAssets([demo], dirs);
    return await readFile(join(dirs.filesDir, fileKey(demo.key)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
