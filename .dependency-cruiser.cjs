// The repository's import boundaries, checked by `npm run lint` with dependency-cruiser (decision 165).
// Paths are regular expressions over paths from the repository root; type-only imports, re-exports
// and import() count like any other import. The cycles between server modules are checked by a second
// run (.dependency-cruiser-module-cycles.cjs), over the modules alone.
const path = require('node:path');

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
/** The composition root: it builds and wires every module, so it may import any of their files. */
const COMPOSITION_ROOT = `${SERVER}(app|services|routes|deps)\\.ts$`;
/** Tests set up and inspect state below a module's public side (a repo, a signature helper). */
const SERVER_TESTS = ['\\.test\\.ts$', '^apps/server/test/'];

const WEB = '^apps/web/src/';
const WEB_APP = `${WEB}(app/|(main|entry-server)\\.tsx?$)`;
const WEB_LAYERS = [
  `${WEB}(app|features/[^/]+|components|lib|testing)/`,
  `${WEB}(main|entry-server)\\.tsx?$`,
];

/**
 * A server module's files other than its index.ts are its own. The group in `from` is the importing
 * module; `to.pathNot` lets it import its own files and any module's entry.
 */
const modulePrivate = {
  name: 'server-module-private',
  comment:
    "A module's files are private: another module imports only its index.ts (or gets its service from the services container).",
  severity: 'error',
  from: {
    path: `${MODULES}([^/]+)/`,
    pathNot: SERVER_TESTS,
  },
  to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
};

module.exports = {
  forbidden: [
    // The server.
    modulePrivate,
    {
      name: 'server-app-through-module-entry',
      comment:
        'Code outside the modules (plugins, cli, db/seed) reaches a module only through its index.ts; only the composition root (app.ts, services.ts, routes.ts, deps.ts) imports what it wires.',
      severity: 'error',
      from: { path: SERVER, pathNot: [MODULES, COMPOSITION_ROOT, ...SERVER_TESTS] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'server-lib-db-not-modules',
      comment:
        'lib/ and db/ know nothing of the modules (db/seed/ is demo data written through the modules, by their index.ts).',
      severity: 'error',
      from: { path: `${SERVER}(lib|db)/`, pathNot: [`${SERVER}db/seed/`, ...SERVER_TESTS] },
      to: { path: MODULES },
    },
    {
      name: 'shared-not-apps',
      comment: 'packages/shared is what both apps build on: it never imports either of them.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },

    // The web app (apps/web/src): features, composed by app/, over components/ and lib/.
    {
      name: 'web-feature-isolation',
      comment: 'Features do not import each other (not even an entry); compose them in app/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-not-app',
      comment: 'Features never depend on the app layer.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: WEB_APP },
    },
    {
      name: 'web-app-through-feature-entry',
      comment: 'The app layer imports a feature only through its public entry @/features/<name> (index.ts).',
      severity: 'error',
      from: { path: WEB_APP },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/[^/]+/index\\.tsx?$`, `${WEB}features/[^/]+/pages/[^/]+$`],
      },
    },
    {
      name: 'web-app-pages-lazily',
      comment: "The router loads a feature's pages lazily, with import(): never statically.",
      severity: 'error',
      from: { path: WEB_APP },
      to: { path: `${WEB}features/[^/]+/pages/[^/]+$`, dynamic: false },
    },
    {
      name: 'web-components-below-features',
      comment:
        'components/ (shared pieces) imports only components/ and lib/: it knows nothing of features or the app.',
      severity: 'error',
      from: { path: `${WEB}components/` },
      to: { path: WEB, pathNot: `${WEB}(components|lib|testing)/` },
    },
    {
      name: 'web-lib-at-the-bottom',
      comment: 'lib/ imports only lib/: it depends on nothing above it.',
      severity: 'error',
      from: { path: `${WEB}lib/` },
      to: { path: WEB, pathNot: `${WEB}(lib|testing)/` },
    },
    {
      name: 'web-testing-agnostic',
      comment: 'testing/ (helpers for tests) imports only lib/: it stays feature-agnostic.',
      severity: 'error',
      from: { path: `${WEB}testing/` },
      to: { path: WEB, pathNot: `${WEB}(lib|testing)/` },
    },
    {
      name: 'web-testing-only-in-tests',
      comment: 'testing/ is imported only by tests.',
      severity: 'error',
      from: { path: WEB, pathNot: ['\\.test\\.tsx?$', `${WEB}testing/`] },
      to: { path: `${WEB}testing/` },
    },
    {
      name: 'web-outside-the-layers',
      comment:
        'Every file of the web app is in app/ (or main.tsx, entry-server.tsx), features/<name>/, components/, lib/ or testing/.',
      severity: 'error',
      from: { path: WEB, pathNot: WEB_LAYERS },
      to: {},
    },
    {
      name: 'web-outside-the-layers',
      severity: 'error',
      from: { path: WEB, pathNot: WEB_LAYERS, orphan: true },
      to: {},
    },
    {
      name: 'web-outside-the-layers',
      severity: 'error',
      from: { path: WEB },
      to: { path: WEB, pathNot: WEB_LAYERS },
    },
    {
      name: 'web-relative-outside-src',
      comment: 'A relative path never leaves apps/web/src: import packages by name (@bazaar/shared).',
      severity: 'error',
      from: { path: WEB },
      to: { pathNot: [WEB, 'node_modules'], dependencyTypes: ['local'] },
    },

    // Everywhere: an import the cruiser cannot resolve would escape every rule above.
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves to a file (or a package): one that does not would slip past every rule.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Stylesheets and pictures are assets, not code.
    exclude: { path: '\\.(css|svg|png|jpe?g|webp)$' },
    // The web app's `@/` alias. Absolute, from where the cruiser runs (the repository root, or a test's fixture tree).
    tsConfig: { fileName: path.resolve('apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
    },
  },
};
