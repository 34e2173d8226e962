import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` is the script node was started with. Both paths are resolved
 * to the real file first: import.meta.url is, argv[1] is not (macOS's /tmp is /private/tmp).
 * @param {string} moduleUrl
 */
export function isMain(moduleUrl) {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
