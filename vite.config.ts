import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const alias = {
  '#shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '#server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '#web': fileURLToPath(new URL('./src/web', import.meta.url)),
  // react-router's package exports name only its development build (dist/development: its
  // invariant messages and dev-time checks, run on every <Link>); the builds take its production
  // one, in the browser and in the server's rendering (bundled there: `ssr.noExternal` below).
  'react-router': fileURLToPath(
    new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

// The API server listens on API_PORT in development; Vite serves the app on PORT
// and forwards everything the server owns.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `x.br` and `x.gz` beside every built script, stylesheet and SVG, compressed once at
 * the highest levels; the server hands them out by Accept-Encoding (web/static.ts) instead of
 * compressing the same bytes on every request.
 */
function precompress(): Plugin {
  return {
    name: 'loopmarket:precompress',
    // The browser's files only: the server build (dist/ssr) is read from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias },
  ssr: { noExternal: ['react-router'] },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each page needs (bench/bundle-sizes.ts).
    manifest: true,
    modulePreload: {
      // Every browser we serve preloads modules natively.
      polyfill: false,
      // A lazy chunk's scripts are not preloaded by Vite's helper when it is imported: the
      // helper resolves and looks up every dependency's URL on each lazy import (up to 30 of
      // them for a page), about a sixth of a product page's main-thread script on a throttled
      // phone, for chunks the first page already has (the server names the first page's
      // modules: web/page-hints.ts) or that the browser finds in the chunk's own imports.
      // Stylesheets still are, so a lazy page is never drawn unstyled.
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      // zod's builders (z.object(), z.string().max() …) have no side effects. Shared modules
      // keep the server's schemas beside the texts and rules the pages use; marked pure, a
      // schema no page uses is dropped, and zod with it. A builder wrapped in a helper needs
      // the helper marked /* @__NO_SIDE_EFFECTS__ */ (shared/support.ts).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // The libraries every page runs, in one chunk rather than a dozen small ones that each
        // compress on their own; it changes only when a library does, so stays cached.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
});
