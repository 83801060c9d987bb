import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A chunk of Vite's build manifest (vite.config.ts writes it). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

interface FirstPage {
  /** The path's parameter when it is this page (the id of /products/:id), else null. */
  match: (path: string) => string | null;
  /** The module its route loads (src/web/router.tsx). */
  module: string;
  /** The API call it makes first, exactly as the page's query asks for it (src/web/api). */
  data: (param: string) => string;
}

/**
 * The pages a visitor most often opens first. Their code and their first API answer are
 * announced in the page itself, so the browser fetches them together with the app's entry
 * instead of one after another once the entry has run.
 */
const FIRST_PAGES: FirstPage[] = [
  {
    match: (path) => (path === '/' || path === '/home' ? '' : null),
    module: 'features/home/home-page.tsx',
    // FeaturedProducts asks for 6 (featured-products.tsx).
    data: () => '/api/products/featured?limit=6',
  },
  {
    match: (path) => (path === '/products' ? '' : null),
    module: 'features/catalogue/products-page.tsx',
    data: () => '/api/categories',
  },
  {
    match: (path) => /^\/products\/([^/]+)$/.exec(path)?.[1] ?? null,
    module: 'features/catalogue/product-page.tsx',
    // Hono hands the path decoded; productQueryOptions encodes the id the same way.
    data: (id) => `/api/products/${encodeURIComponent(id)}`,
  },
];

function closure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

function readManifest(webDir: string): Record<string, ManifestChunk> | null {
  const file = join(webDir, '.vite', 'manifest.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>)
    : null;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * For a request path, the `<link>` tags that preload its page: `modulepreload` for the page's
 * chunks that index.html does not already name, and a `fetch` preload of its first API call
 * (`crossorigin` makes it a same-origin CORS request, which is what fetch() sends, so the
 * answer is reused). '' for other paths.
 */
export function pagePreloads(webDir: string): (path: string) => string {
  const manifest = readManifest(webDir);
  const entry = manifest && Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inIndex = manifest && entry ? closure(manifest, entry, new Set()) : new Set<string>();

  const pages = FIRST_PAGES.map((page) => {
    const chunk = manifest?.[page.module];
    const own = chunk && manifest ? [...closure(manifest, page.module, new Set(inIndex))] : [];
    const modules = own
      .filter((key) => !inIndex.has(key))
      .map((key) => manifest?.[key]?.file)
      .filter((file): file is string => Boolean(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    return { ...page, modules };
  });

  return (path) => {
    for (const page of pages) {
      const param = page.match(path);
      if (param === null) continue;
      const data = `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(page.data(param))}">`;
      return `${page.modules}${data}`;
    }
    return '';
  };
}
