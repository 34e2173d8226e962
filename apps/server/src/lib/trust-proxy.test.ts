import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ConfigError, loadConfig } from '../config';
import { ROUTE_MODULES, type RouteModule } from '../routes';
import { parseTrustProxy } from './trust-proxy';

/** A route that says which address the server took the request to come from. */
const whoAmI: RouteModule = {
  async store(app: FastifyInstance) {
    app.get('/who-am-i', async (request) => ({ ip: request.ip }));
  },
};

function ask(t: TestApp, forwardedFor: string | undefined, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'GET',
    url: '/api/who-am-i',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

const ipOf = async (t: TestApp, forwardedFor: string | undefined, remoteAddress?: string) =>
  (await ask(t, forwardedFor, remoteAddress)).json().ip as string;

describe('TRUST_PROXY as written', () => {
  it('takes false, a hop count, or addresses and ranges', () => {
    expect(parseTrustProxy('false')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('2')).toEqual({ ok: true, value: 2 });
    expect(parseTrustProxy(' 10.0.0.0/8, loopback ,2001:db8::/32,192.0.2.7')).toEqual({
      ok: true,
      value: ['10.0.0.0/8', 'loopback', '2001:db8::/32', '192.0.2.7'],
    });
  });

  it('refuses true (the client would choose its own address) and what is not an address, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /TRUST_PROXY: true would believe the left-most X-Forwarded-For address/,
    );
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', 'fe80::/0', '99']) {
      expect(parseTrustProxy(bad).ok, bad).toBe(false);
    }
  });
});

describe('the client address behind trusted proxies is the right-most address not in the trusted set', () => {
  let hops: TestApp;
  let twoHops: TestApp;
  let addresses: TestApp;
  let none: TestApp;

  beforeAll(async () => {
    const modules = [...ROUTE_MODULES, whoAmI];
    hops = await createTestApp({ trustProxy: 1, rateLimitMax: 3 }, { modules });
    twoHops = await createTestApp({ trustProxy: 2 }, { modules });
    addresses = await createTestApp(
      { trustProxy: ['loopback', '10.0.0.0/8', '2001:db8::/32'], rateLimitMax: 3 },
      { modules },
    );
    none = await createTestApp({ trustProxy: false }, { modules });
  });
  afterAll(async () => {
    for (const t of [hops, twoHops, addresses, none]) await t?.close();
  });

  it('with one trusted hop: what our proxy appended, whatever the client wrote to its left', async () => {
    expect(await ipOf(hops, '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(hops, '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(hops, '1.2.3.4,5.6.7.8 , 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(hops, undefined)).toBe('127.0.0.1');
    // Two proxies in front: the second from the right.
    expect(await ipOf(twoHops, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('with proxy addresses: trusted entries are skipped from the right, the first other one is the client', async () => {
    expect(await ipOf(addresses, '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(await ipOf(addresses, '6.6.6.6, 203.0.113.9, 10.1.2.3, 10.9.9.9')).toBe('203.0.113.9');
    expect(await ipOf(addresses, '6.6.6.6, 2001:db8::5, 203.0.113.9')).toBe('203.0.113.9');
    // A client that reaches the server directly (not from a trusted proxy) is its own address.
    expect(await ipOf(addresses, '10.0.0.1', '198.51.100.4')).toBe('198.51.100.4');
    expect(await ipOf(addresses, '6.6.6.6, 127.0.0.1', '198.51.100.4')).toBe('198.51.100.4');
  });

  it("without trust: the connection's address, X-Forwarded-For ignored", async () => {
    expect(await ipOf(none, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('a new forged left-most entry on every request does not make a new client: the limit still holds', async () => {
    for (const t of [hops, addresses]) {
      const last = t === hops ? '198.51.100.50' : '198.51.100.50, 10.0.0.9';
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await ask(t, `192.0.2.${i + 1}, ${last}`)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    }
  });
});
