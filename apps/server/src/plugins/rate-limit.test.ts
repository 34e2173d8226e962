import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

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

  it("counts catalogue replies sent from the cache (in the route's own onRequest hook) like any other", async () => {
    const other = await createTestApp({ rateLimitMax: 5, trustProxy: false });
    try {
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        const res = await other.app.inject({ method: 'GET', url: '/api/products?limit=2' });
        statuses.push(res.statusCode);
      }
      // The first loads and caches the listing; the next four are cache hits; then the limit.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const detail = await other.app.inject({ method: 'GET', url: '/api/products/nope' });
      expect(detail.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('leaves stored files and the app outside the API budget', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await rawGet(port, '/uploads/products/missing.webp');
      expect(res).toEqual({ status: 404, limited: false });
    }
  });
});

// Needs a Redis server: CI names the one on its machine; elsewhere set TEST_REDIS_URL to run it.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('with REDIS_URL the API limit holds across processes', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    // A key prefix of this run's own, so runs before this one (or other suites on the same Redis) do not count.
    const redisKeyPrefix = `test-${randomBytes(6).toString('hex')}:`;
    one = await createTestApp({ rateLimitMax: 5, trustProxy: false, redisUrl, redisKeyPrefix });
    two = await createTestApp({ rateLimitMax: 5, trustProxy: false, redisUrl, redisKeyPrefix });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('refuses the sixth request of a minute whichever app instance each one reached', async () => {
    const remoteAddress = '10.1.2.3';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? one : two;
      statuses.push((await app.app.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client still has its own budget.
    const other = await two.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.255.255.254',
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('counts cached catalogue replies on either process too', async () => {
    const remoteAddress = '10.1.2.4';
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const app = i % 2 === 0 ? one : two;
      const res = await app.app.inject({ method: 'GET', url: '/api/products?limit=3', remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe.skipIf(!redisUrl)('with REDIS_URL, two real server processes share one budget per address', () => {
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // Each process on an embedded database of its own: only the count is shared, in Redis.
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_MAX: '5',
      TRUST_PROXY: '1',
    };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('counts cached catalogue replies on either process', async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${servers[i % 2]!.baseUrl}/api/products?limit=2`, {
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('an unreachable Redis', () => {
  it('costs the rate limit, never the request', async () => {
    // Nothing listens on port 1: every command fails at once.
    const t = await createTestApp({ rateLimitMax: 2, trustProxy: false, redisUrl: 'redis://127.0.0.1:1' });
    try {
      for (let i = 0; i < 4; i++) expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
