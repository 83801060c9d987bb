import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface PageBundle {
  page: string;
  /** Scripts the page loads before it can show itself: the shell and the page's own chunks. */
  js: FileSize[];
  css: FileSize[];
  /** The page's own chunks beyond the shell: what loading its route adds. */
  routeJs: FileSize[];
}

/**
 * The budgets, in kB (1,000 bytes) of gzip: what a first page loads (the shell and the
 * page's own chunks), its stylesheets, and what any lazy route adds to the shell. `npm run
 * bench:web` reports against them; tests/e2e/bundle-budget.spec.ts fails the build past them.
 */
export const BUNDLE_BUDGET_KB = { firstPageJs: 130, firstPageCss: 25, routeChunk: 30 } as const;

/** The first pages a visitor opens, by the module their route loads (src/web/router.tsx). */
export const FIRST_PAGES = [
  { page: 'home', module: 'features/home/home-page.tsx' },
  { page: 'products', module: 'features/catalogue/products-page.tsx' },
  { page: 'product', module: 'features/catalogue/product-page.tsx' },
] as const;

export function measureFile(dir: string, file: string): FileSize {
  const source = readFileSync(join(dir, file));
  return {
    file,
    bytes: source.length,
    gzip: gzipSync(source, { level: 9 }).length,
    brotli: brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

export function total(files: FileSize[], key: 'bytes' | 'gzip' | 'brotli'): number {
  return files.reduce((sum, file) => sum + file[key], 0);
}

function readManifest(webDir: string): Manifest {
  return JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk and every chunk it imports statically, transitively: what loading it fetches. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function filesOf(manifest: Manifest, keys: Iterable<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

/** Every script and stylesheet of the build, and what each first page needs of them. */
export function analyseBundle(webDir: string) {
  const manifest = readManifest(webDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  const shellKeys = staticClosure(manifest, entry);
  const shell = filesOf(manifest, shellKeys);

  const allFiles = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    allFiles.add(chunk.file);
    for (const sheet of chunk.css ?? []) allFiles.add(sheet);
  }
  const sizes = new Map([...allFiles].map((file) => [file, measureFile(webDir, file)]));
  const sized = (files: Iterable<string>) =>
    [...files].map((file) => sizes.get(file)).filter((size): size is FileSize => Boolean(size));

  const pages: PageBundle[] = FIRST_PAGES.map(({ page, module }) => {
    if (!manifest[module]) throw new Error(`no chunk for ${module} in the build manifest`);
    const keys = staticClosure(manifest, module, new Set(shellKeys));
    const { js, css } = filesOf(manifest, keys);
    const route = [...js].filter((file) => !shell.js.has(file));
    return { page, js: sized(js), css: sized(css), routeJs: sized(route) };
  });

  const lazyRoutes = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const own = [...staticClosure(manifest, key)].filter((k) => !shellKeys.has(k));
      return { module: chunk.src ?? key, js: sized(filesOf(manifest, own).js) };
    });

  return {
    files: [...sizes.values()].sort((a, b) => b.gzip - a.gzip),
    shell: sized(shell.js),
    pages,
    lazyRoutes,
  };
}
