import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './cookies';

/**
 * A browser's device id: a random value the server signs and keeps in a long-lived, HTTP-only
 * cookie, so a limit can follow one browser across the accounts used in it (and across the
 * addresses it comes from). It says nothing about who is signed in and is never trusted unsigned:
 * a missing, altered or forged cookie is simply a new device. Generic on purpose, so any limit
 * (checkout's holds, sign-in attempts) can share one cookie.
 */
export const DEVICE_COOKIE = 'bazaar_device';

/** Browsers keep a cookie at most about 400 days (Chrome's cap); asking for more changes nothing. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;

export interface DeviceIdOptions {
  /** The server's secret; the signing key is derived from it for this use alone. */
  secret: string;
  /** Send the cookie over HTTPS only (the shop's public address is https). */
  secure: boolean;
}

function signature(id: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`device-id:${id}`).digest();
}

/** The device id a request's cookie carries, if its signature is the server's; undefined otherwise. */
export function readDeviceId(cookieHeader: string | undefined, secret: string): string | undefined {
  const value = readCookie({ headers: { cookie: cookieHeader } }, DEVICE_COOKIE);
  const dot = value?.indexOf('.') ?? -1;
  if (!value || dot < 0) return undefined;
  const id = value.slice(0, dot);
  if (!ID.test(id)) return undefined;
  const signed = value.slice(dot + 1);
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(id, secret);
  // Only the one spelling the server writes: base64url's last character has spare bits.
  const canonical = given.toString('base64url') === signed;
  return canonical && given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/** A new signed device id and the Set-Cookie header value that gives it to the browser. */
export function newDeviceId(options: DeviceIdOptions): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  const value = `${id}.${signature(id, options.secret).toString('base64url')}`;
  const secure = options.secure ? '; Secure' : '';
  return {
    id,
    cookie: `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  };
}

/** A browser's device id, and whether the request carried it (false: it was issued with this reply). */
export interface DeviceId {
  id: string;
  isNew: boolean;
}

/**
 * The request's device id; a browser without a valid one is given a new one with this reply. Whether
 * it is new matters to a limit that trusts a device for what it did before (a sign-in with it).
 */
export function deviceOf(request: FastifyRequest, reply: FastifyReply, options: DeviceIdOptions): DeviceId {
  const known = readDeviceId(request.headers.cookie, options.secret);
  if (known) return { id: known, isNew: false };
  const issued = newDeviceId(options);
  reply.header('set-cookie', issued.cookie);
  return { id: issued.id, isNew: true };
}

/** The request's device id; a browser without a valid one is given a new one with this reply. */
export function ensureDeviceId(
  request: FastifyRequest,
  reply: FastifyReply,
  options: DeviceIdOptions,
): string {
  return deviceOf(request, reply, options).id;
}
