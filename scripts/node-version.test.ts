import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, SUPPORTED_NODE } from './node-version.mjs';

describe('the Node.js versions the shop runs on', () => {
  it('are 20.19+ and 22.12+: the first that require() ES modules without a flag', () => {
    for (const version of ['20.19.0', '20.20.2', '22.12.0', '22.22.1', '23.0.0', '24.11.0', '25.2.0']) {
      expect(isSupportedNode(version), version).toBe(true);
    }
    for (const version of ['18.20.8', '20.18.3', '21.7.3', '22.0.0', '22.11.0']) {
      expect(isSupportedNode(version), version).toBe(false);
    }
  });

  it("are what package.json's engines say", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.engines.node).toBe(SUPPORTED_NODE);
  });
});
