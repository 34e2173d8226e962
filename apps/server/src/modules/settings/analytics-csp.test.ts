import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { shopSettings } from '../../db/schema/content';

describe('the content security policy of app pages follows the analytics setting', () => {
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

  const policy = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return String(res.headers['content-security-policy']);
  };

  it("allows no outside script until an id is set, then exactly Google Analytics' hosts, on every app page", async () => {
    expect(await policy('/')).toContain("script-src 'self';");
    expect(await policy('/')).not.toContain('google');
    await t.db.insert(shopSettings).values({ googleAnalyticsId: 'G-TEST1234' });
    for (const url of ['/', '/admin/shop', '/product/123']) {
      const csp = await policy(url);
      expect(csp).toContain("script-src 'self' https://*.googletagmanager.com;");
      expect(csp).toContain(
        "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;",
      );
    }
    // The API keeps the strict policy.
    expect(await policy('/api/settings')).not.toContain('google');
    await t.db.update(shopSettings).set({ googleAnalyticsId: null });
    expect(await policy('/')).not.toContain('google');
  });

  it("frames exactly OpenStreetMap's embed (the contact page's map), whatever the analytics", async () => {
    expect(await policy('/contact')).toContain("frame-src 'self' https://www.openstreetmap.org;");
    expect(await policy('/contact')).toContain("frame-ancestors 'none'");
  });
});
