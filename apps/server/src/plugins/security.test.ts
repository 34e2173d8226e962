import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

describe('the content security policy', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'bazaar-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bazaar</title>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("lets pages frame exactly OpenStreetMap's embed (the contact page's map) and nothing else", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/contact' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://www.openstreetmap.org;");
    // Nobody frames the shop itself.
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
