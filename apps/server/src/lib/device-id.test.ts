import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, newDeviceId, readDeviceId } from './device-id';

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
});
