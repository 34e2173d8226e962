import { createHmac, timingSafeEqual } from 'node:crypto';

// The purpose is part of what is signed, so no other signature made with the secret passes as one of these.
const PURPOSE = 'newsletter-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(subscriberId: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${subscriberId}`).digest();
}

/**
 * `<subscriber id>.<HMAC-SHA256>`: an unsubscribe link that needs no stored
 * token and never expires (a newsletter read a year later must still let its
 * reader leave), and that nobody without the server's secret can make for another address.
 */
export function unsubscribeToken(subscriberId: string, secret: string): string {
  return `${subscriberId}.${signature(subscriberId, secret).toString('base64url')}`;
}

/** The subscriber id of a genuine token; undefined for anything altered or made up. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length > 0 || !UUID.test(id)) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(id, secret);
  // base64url decoding is lenient, so the text must also be exactly the canonical encoding.
  if (given.length !== expected.length || given.toString('base64url') !== mac) return undefined;
  return timingSafeEqual(given, expected) ? id : undefined;
}
