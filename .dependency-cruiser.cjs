/**
 * The layout the code keeps (issue 14), checked by `npm run lint` (dependency-cruiser):
 *
 * - No import circles in src. Type-only imports count too: a type shared by two modules gets its
 *   own file rather than tying them together.
 * - The web's boundaries (STYLE.md §1, bulletproof-react): a feature imports only its own folder
 *   and shared modules (src/web/api, components, cart, session, #shared/*), never another feature;
 *   shared modules never import a feature. Only the router, which assembles the routes, reaches
 *   into every feature. What two features both need moves to a shared module, so each feature can
 *   change, or go, alone.
 *
 * tests/lint/boundaries.test.ts plants each kind of violation and expects these rules to name it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both modules need to a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment: 'A feature never imports another; move what both need to a shared web module.',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'shared-web-imports-feature',
      severity: 'error',
      comment: 'Shared web modules never import a feature; only the router composes features.',
      from: { path: '^src/web/', pathNot: ['^src/web/features/', '^src/web/router\\.tsx$'] },
      to: { path: '^src/web/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
