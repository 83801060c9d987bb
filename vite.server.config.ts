import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The compiled server (`npm run build`, after the web app and its server-rendering build): plain
 * JavaScript in dist/server with source maps, run by `node` alone (`npm run start:prod`). Vite's
 * server build bundles our own modules, which resolves the #shared/#server aliases, and leaves every
 * package in node_modules as an import, so the production install (`npm ci --omit=dev`) provides
 * them (scripts/check-prod-deps.mjs checks that none is a dev dependency).
 */

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The server's entry points, each compiled to dist/server/<name>.js, the modules they share in
 * chunks beside them. Another one (a worker, a command) is a line here and a script in
 * package.json running `node --enable-source-maps scripts/run-built.mjs <name>`.
 */
export const serverEntries = {
  main: 'src/server/main.ts',
  // The background work in a process of its own, beside servers with RUN_WORKERS=false.
  worker: 'src/server/worker.ts',
  admin: 'src/server/cli/admin.ts',
  seed: 'src/server/demo/seed-cli.ts',
  backup: 'src/server/cli/backup.ts',
  restore: 'src/server/cli/restore.ts',
  export: 'src/server/cli/export.ts',
  import: 'src/server/cli/import.ts',
};

const outDir = fromRoot('./dist/server');

/**
 * The files the server reads from beside its code at run time: drizzle-kit's migrations, found
 * through db/migrations-folder.ts, which lands in a chunk directly in dist/server.
 */
function copyMigrations(): Plugin {
  return {
    name: 'loopmarket:copy-migrations',
    writeBundle() {
      cpSync(fromRoot('./src/server/db/migrations'), `${outDir}/migrations`, { recursive: true });
    },
  };
}

export default defineConfig({
  root: fromRoot('.'),
  publicDir: false,
  plugins: [copyMigrations()],
  resolve: {
    alias: {
      '#shared': fromRoot('./src/shared'),
      '#server': fromRoot('./src/server'),
    },
  },
  // Every package stays an import of the built code, as under tsx.
  ssr: { target: 'node', external: true },
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    // Readable stack traces and code; the size of a server bundle costs nothing at run time.
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: Object.fromEntries(
        Object.entries(serverEntries).map(([name, path]) => [name, fromRoot(`./${path}`)]),
      ),
      output: {
        format: 'esm',
        entryFileNames: '[name].js',
        // Flat beside the entries: db/migrations-folder.ts finds ./migrations from its chunk.
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
