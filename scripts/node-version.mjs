// The Node.js versions the shop runs on. Packages the server loads (cookie 2, content-disposition 3)
// are ES modules that CommonJS packages require(): Node.js loads them so from 20.19 and 22.12 on.

/** As package.json's `engines` says it. */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/**
 * Whether Node.js `version` (e.g. `20.19.0`, without the v) is one the shop runs on.
 * @param {string} version
 */
export function isSupportedNode(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
}

/** Stops with a message naming the versions to install, on any other. */
export function requireSupportedNode() {
  if (isSupportedNode(process.versions.node)) return;
  console.error(
    `Bazaar needs Node.js 20.19 or newer in the 20 line, or 22.12 or newer (this is ${process.version}): ` +
      'the server loads ES modules through require(), which earlier versions cannot do.',
  );
  process.exit(1);
}
