// Checks that the production install (`npm ci --omit=dev`) has every package the built server
// imports: each package imported by the code in dist/server (the compiled server) and dist/ssr
// (the pages' server rendering, which the server imports) must be one of package.json's
// "dependencies", not a dev dependency and not a package that only happens to be installed as
// some other package's dependency. `node scripts/check-prod-deps.mjs` after `npm run build`
// prints each problem and exits with code 1; tests/production/production-build.test.ts runs it too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUILT_SERVER_DIRS = ['dist/server', 'dist/ssr'];

/** `@scope/name/deep/path` → `@scope/name`, `name/deep` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every module specifier a file imports: static, re-exported, dynamic (when literal), required. */
export function importedSpecifiers(code) {
  const found = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const literal = (n) => (n?.type === 'Literal' && typeof n.value === 'string' ? n.value : null);
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ImportExpression'
    ) {
      const source = literal(node.source);
      if (source) found.add(source);
    }
    if (node.type === 'CallExpression' && node.callee?.name === 'require') {
      const source = literal(node.arguments?.[0]);
      if (source) found.add(source);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  return [...found];
}

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => join(dir, file));
}

/**
 * The packages the built server code imports, each with the files importing it, and the problems
 * found: a dev dependency, or a package package.json does not list.
 */
export function checkProdDeps(dirs = BUILT_SERVER_DIRS.map((dir) => join(root, dir))) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const devDependencies = new Set(Object.keys(manifest.devDependencies ?? {}));
  /** package → the files importing it */
  const packages = new Map();
  for (const dir of dirs) {
    for (const file of jsFiles(dir)) {
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) {
          continue;
        }
        const name = packageName(specifier);
        const files = packages.get(name) ?? new Set();
        files.add(relative(root, file));
        packages.set(name, files);
      }
    }
  }
  const problems = [];
  for (const [name, files] of [...packages].sort(([a], [b]) => a.localeCompare(b))) {
    if (dependencies.has(name)) continue;
    const where = [...files].slice(0, 3).join(', ');
    problems.push(
      devDependencies.has(name)
        ? `${name} is a dev dependency, but the built server imports it (${where}): move it to "dependencies"`
        : `${name} is not in package.json's "dependencies", but the built server imports it (${where})`,
    );
  }
  return { packages: [...packages.keys()].sort(), problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = BUILT_SERVER_DIRS.filter((dir) => !existsSync(join(root, dir)));
  if (missing.length > 0) {
    console.error(`${missing.join(' and ')} missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const { packages, problems } = checkProdDeps();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`The built server imports ${packages.length} packages, all production dependencies.`);
}
