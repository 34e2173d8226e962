import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/** A GET with the path sent exactly as written (no client normalises `%61` to `a`). */
function rawGet(port: number, path: string): Promise<{ status: number; limited: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, limited: res.headers['x-ratelimit-limit'] !== undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the API rate limit decides on the matched route, not the raw URL (a listening server)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 5, trustProxy: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('counts /%61pi/health as /api/health: the sixth request in a minute is refused', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await rawGet(port, '/%61pi/health'));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ status: 200, limited: true }));
    expect(answers[5]!.status).toBe(429);
    // Both spellings share one budget.
    expect((await rawGet(port, '/api/health')).status).toBe(429);
    expect((await rawGet(port, '/%61%70%69/users/user')).status).toBe(429);
  });

  it('leaves stored files and the app outside the API budget', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await rawGet(port, '/uploads/products/missing.webp');
      expect(res).toEqual({ status: 404, limited: false });
    }
  });
});
