import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web's boundaries (STYLE.md §1, bulletproof-react): a feature imports only its own folder
 * and shared modules (src/web/api, components, cart, session, #shared/*), never another
 * feature; shared modules never import a feature. Only the router, which assembles the routes,
 * reaches into every feature. What two features both need moves to a shared module, so each
 * feature can change, or go, alone. Features and shared modules are read from the folders, so a
 * new one is covered without touching this file.
 */
const web = 'src/web';
const entriesOf = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true });
const features = entriesOf(`${web}/features`)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedWeb = entriesOf(web)
  .map((entry) => entry.name)
  .filter((name) => name !== 'features' && name !== 'router.tsx');
const webBoundaries = [
  ...features.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another; move what both need to a shared web module.',
  })),
  {
    target: sharedWeb.map((name) => `./${web}/${name}`),
    from: `./${web}/features`,
    message: 'Shared web modules never import a feature; only the router composes features.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // No import circles in src (issue 14). The TypeScript resolver reads tsconfig.json's paths, so
  // `#server/*`, `#shared/*` and `#web/*` imports are followed like relative ones. import-x skips
  // `import type` edges whatever its options say (they are erased at run time, so they cannot leave
  // a module half-initialised); keep type circles out by hand: shared types get their own file.
  // Packages are not followed (ignoreExternal): a circle of ours never runs through node_modules.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    // import-x and its TypeScript resolver come from the src/** block above, so
    // `#web/features/...` is caught as surely as `../other-feature/...`.
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webBoundaries },
      ],
    },
  },
);
