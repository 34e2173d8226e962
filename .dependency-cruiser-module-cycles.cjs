// No circle between server modules: checked over the modules' own code alone (not their tests, nor
// the composition root that imports every module and that each index.ts names for a type), folder
// by folder, so a circle counts whichever files it passes through. `npm run lint` runs it after
// .dependency-cruiser.cjs, whose options it shares.
const { options } = require('./.dependency-cruiser.cjs');

const MODULES = '^apps/server/src/modules/';

module.exports = {
  forbidden: [
    {
      name: 'server-module-cycle',
      comment:
        'Dependencies between modules run one way (payments → orders, never back): the other way goes through a port the depending module declares, bound in services.ts.',
      severity: 'error',
      scope: 'folder',
      // A module's own subfolders (payments/sandbox) may depend on each other both ways.
      from: { path: `${MODULES}([^/]+)` },
      to: { path: MODULES, pathNot: `${MODULES}$1(/|$)`, circular: true },
    },
  ],
  options: {
    ...options,
    includeOnly: MODULES,
    exclude: { path: [options.exclude.path, '\\.test\\.ts$'] },
  },
};
