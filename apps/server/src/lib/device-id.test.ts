import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, deviceOf, newDeviceId, readDeviceId } from './device-id';

const SECRET = 'a-server-secret-long-enough-for-signing';
const header = (cookie: string) => cookie.split(';')[0]!;

describe('the signed device id', () => {
  it('reads back the id it issued, among other cookies, and sets a long-lived HTTP-only cookie', () => {
    const { id, cookie } = newDeviceId({ secret: SECRET, secure: true });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`),
    );
    expect(readDeviceId(`theme=dark; ${header(cookie)}; other=1`, SECRET)).toBe(id);
    expect(newDeviceId({ secret: SECRET, secure: false }).cookie).not.toContain('Secure');
    expect(newDeviceId({ secret: SECRET, secure: false }).id).not.toBe(id);
  });

  it('refuses a missing cookie, another secret’s signature, and any changed character', () => {
    const { cookie } = newDeviceId({ secret: SECRET, secure: false });
    const value = header(cookie).slice(DEVICE_COOKIE.length + 1);
    expect(readDeviceId(undefined, SECRET)).toBeUndefined();
    expect(readDeviceId('other=1', SECRET)).toBeUndefined();
    expect(readDeviceId(header(cookie), 'another-secret-of-the-same-length-or-not')).toBeUndefined();
    expect(readDeviceId(`${DEVICE_COOKIE}=${value.split('.')[0]}`, SECRET)).toBeUndefined();
    fc.assert(
      fc.property(fc.nat({ max: value.length - 1 }), fc.constantFrom(...'AQZaqz09-_.='), (at, char) => {
        fc.pre(value[at] !== char);
        const changed = `${value.slice(0, at)}${char}${value.slice(at + 1)}`;
        expect(readDeviceId(`${DEVICE_COOKIE}=${changed}`, SECRET)).toBeUndefined();
      }),
    );
  });

  it('issues a new id only to a request without a valid one, beside any other cookie the reply sets', async () => {
    const app = Fastify();
    app.get('/', async (request, reply) => {
      reply.header('set-cookie', 'other=1; Path=/');
      return deviceOf(request, reply, { secret: SECRET, secure: false });
    });
    const first = await app.inject('/');
    const issued = first.json() as { id: string; isNew: boolean };
    expect(issued.isNew).toBe(true);
    expect(first.cookies.map((c) => c.name).sort()).toEqual([DEVICE_COOKIE, 'other']);
    const cookie = `${DEVICE_COOKIE}=${first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;
    const again = await app.inject({ url: '/', headers: { cookie } });
    expect(again.json()).toEqual({ id: issued.id, isNew: false });
    expect(again.cookies.map((c) => c.name)).toEqual(['other']);
    await app.close();
  });
});
