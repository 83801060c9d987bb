/**
 * The layout the code keeps (docs/architecture.md), checked by `npm run lint` (dependency-cruiser):
 *
 * - No import circles in src. Type-only imports count too: a type shared by two modules gets its
 *   own file rather than tying them together.
 * - The web's boundaries (bulletproof-react): a feature imports only its own folder
 *   and shared modules (src/web/api, components, cart, session, #shared/*), never another feature;
 *   shared modules never import a feature. Only the router, which assembles the routes, reaches
 *   into every feature. What two features both need moves to a shared module, so each feature can
 *   change, or go, alone.
 *
 * - The direction between the three roots: src/shared imports nothing of the server or the web;
 *   the web never imports the server, not even a type (a contract both sides need, like the
 *   health report, lives in shared); the server never imports the web (it renders pages through
 *   the built dist/ssr/entry-server.js, loaded at run time, never the source). src/server/db is
 *   the server's lowest floor: it imports only itself and shared.
 * - Payments never import the checkout: the checkout opens a payment session through payments,
 *   and what both need (transactions, promo holds, order lookups) lives in db/, promo/, orders/.
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
      comment:
        "Shared web modules never import a feature; only the router composes features (and the server rendering's table of first queries, kept out of the browser).",
      from: {
        path: '^src/web/',
        pathNot: [
          '^src/web/features/',
          '^src/web/router\\.tsx$',
          '^src/web/ssr/first-queries\\.ts$',
        ],
      },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'shared-imports-server-or-web',
      severity: 'error',
      comment:
        'src/shared is pure and used by both sides: it imports nothing of the server or the web.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-imports-server',
      severity: 'error',
      comment:
        'The web never imports the server, not even a type: move a contract both need to src/shared.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-imports-web',
      severity: 'error',
      comment: 'The server never imports the web source: it loads the built SSR entry at run time.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'db-imports-above',
      severity: 'error',
      comment: 'src/server/db is the lowest floor: it imports only itself and src/shared.',
      from: { path: '^src/server/db/' },
      to: { path: '^src/', pathNot: '^src/(server/db|shared)/' },
    },
    {
      name: 'payments-imports-checkout',
      severity: 'error',
      comment: 'Payments never import the checkout; move what both need to db/, promo/ or orders/.',
      from: { path: '^src/server/payments/' },
      to: { path: '^src/server/checkout/' },
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
