import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

describe('control characters are a 400, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  // Names were already refused at registration and in the profile (name-rule.test.ts).
  it('in every text filter of the listing and in the suggestions query', async () => {
    for (const url of [
      '/api/products?search=shirt%00',
      '/api/products?category=Men%00',
      '/api/products?subCategory=%00',
      '/api/products?option=a%00b',
      '/api/products?subOption=%1b%5b31m',
      '/api/products?brand=Acme%00',
      '/api/products?brand=Acme&brand=%00',
      '/api/products?colour=red%7f',
      '/api/products?size=M%c2%85',
      '/api/products/suggestions?q=sh%00irt',
      '/api/products/%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('VALIDATION');
    }
  });

  it('still takes letters of every script and encoded spaces', async () => {
    for (const url of [
      '/api/products?search=%E0%A4%95%E0%A5%81%E0%A4%B0%E0%A5%8D%E0%A4%A4%E0%A4%BE',
      '/api/products?search=red+shirt',
      '/api/products?search=caf%C3%A9%C2%A0noir',
      '/api/products/suggestions?q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
