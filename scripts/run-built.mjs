// Runs one entry point of the compiled server (vite.server.config.ts) in this process:
// `node --enable-source-maps scripts/run-built.mjs main [args…]` is `npm run start:prod`.
// No build step and nothing from the dev dependencies: when the build is missing it says how to
// make it and exits with code 1, instead of Node's "Cannot find module".
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The entry's name is ours; what follows it is the entry's own arguments (admin: grant EMAIL).
const [name = 'main'] = process.argv.splice(2, 1);
const entry = fileURLToPath(new URL(`../dist/server/${name}.js`, import.meta.url));
// The store's pages: the server serves <working directory>/dist/web (config.ts) and renders with
// dist/ssr beside it; without them it would answer the API only.
const needed = [
  entry,
  ...(name === 'main' ? [resolve('dist/web/index.html'), resolve('dist/ssr/entry-server.js')] : []),
];
const missing = needed.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(
    `Loopmarket is not built: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.\n` +
      'Build it first with `npm run build` (it needs the dev dependencies: `npm ci`), then start ' +
      'it again; `npm ci --omit=dev` is enough to run a build made elsewhere.',
  );
  process.exit(1);
}
process.argv[1] = entry;
await import(pathToFileURL(entry).href);
