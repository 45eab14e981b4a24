// The floor plan (issue 37): which folder may import which. `npm run lint` runs it
// (`npm run lint:deps`); prisma-free-docs/architecture.md draws it.
//
// `src/app/` (with src/proxy.ts and src/instrumentation.ts) composes: it may import anything, and
// nothing imports it but the type of its API (`AppRouter` in src/app/_server/router.ts). The shared
// layers below the features know no feature. Features stand in one order, lowest first: a feature
// imports only features earlier in the list, so no two features can import each other, directly or
// round about. A feature's `ui/` is its own: a screen that shows two
// features is put together in `src/app/`.
//
// Imports that broke these rules when they were written down are listed in
// .dependency-cruiser-known-violations.json: they pass until they are fixed (then
// `npm run lint:deps:baseline` shortens the list), every new one fails.

/** Lowest first: the order the features' own imports mostly had, with the issue's cuts made. */
const FEATURE_ORDER = [
  'health',
  'privacy',
  'pwa',
  'files',
  'identity',
  'mail',
  'live',
  'images',
  'events',
  'memberships',
  'bans',
  'door',
  'notifications',
  'tickets',
  'profile',
  'users',
  'sitemap',
];

const SHARED_LAYERS = ['access', 'ui', 'server', 'i18n', 'navigation', 'trpc', 'forms', 'firebase-client', 'styles'];

const featuresDownwardOnly = FEATURE_ORDER.slice(0, -1).map((feature, index) => ({
  name: `feature-order:${feature}`,
  comment: `${feature} may import only the features below it: ${FEATURE_ORDER.slice(0, index).join(', ') || 'none'}.`,
  severity: 'error',
  from: { path: `^src/features/${feature}/` },
  to: { path: `^src/features/(${FEATURE_ORDER.slice(index + 1).join('|')})/` },
}));

/** Code outside src/app/, but for tests and their helpers (`test-*.ts`): a test may call a route. */
const OUTSIDE_APP = { path: '^src/(?!app/)[^/]+/', pathNot: '(\\.test\\.tsx?|/test-[^/]+\\.tsx?)$' };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...featuresDownwardOnly,
    {
      name: 'shared-layers-know-no-feature',
      comment: 'The shared layers sit below every feature; what combines them with a feature lives in src/app/.',
      severity: 'error',
      from: { path: `^src/(${SHARED_LAYERS.join('|')})/` },
      to: { path: '^src/features/' },
    },
    {
      name: 'screens-composed-in-app',
      comment: 'A feature’s ui/ is not part of its public entry: a screen that shows two features is composed in src/app/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/ui/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'app-composes',
      comment: 'src/app/ is the top: only it (and the root modules beside it) import from it; a test may call a route.',
      severity: 'error',
      from: OUTSIDE_APP,
      to: { path: '^src/app/', pathNot: '^src/app/_server/router\\.ts$' },
    },
    {
      name: 'app-router-as-a-type',
      comment: 'Clients know the API by its type (`import type { AppRouter }`, as tRPC intends); the router itself runs only in src/app/.',
      severity: 'error',
      from: OUTSIDE_APP,
      to: { path: '^src/app/_server/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'feature-order-is-known',
      comment: 'Every feature folder has a place in FEATURE_ORDER (.dependency-cruiser.cjs).',
      severity: 'error',
      from: {},
      to: { path: `^src/features/(?!(${FEATURE_ORDER.join('|')})/)` },
    },
    {
      name: 'no-circular',
      comment: 'A module that imports itself round about has no place in any order.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/.*\\.d\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: they tie the folders together as much as any other import.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
