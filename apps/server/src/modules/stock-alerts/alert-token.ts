import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link does; part of what is signed, so a confirm link never passes as an unsubscribe one. */
export type AlertTokenPurpose = 'stock-alert-confirm' | 'stock-alert-unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(purpose: AlertTokenPurpose, alertId: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${alertId}`).digest();
}

/**
 * `<alert id>.<HMAC-SHA256>`: a link that needs no stored token and that nobody without the server's
 * secret can make for another alert (as the newsletter's unsubscribe link, decision 191).
 */
export function alertToken(purpose: AlertTokenPurpose, alertId: string, secret: string): string {
  return `${alertId}.${signature(purpose, alertId, secret).toString('base64url')}`;
}

/** The alert id of a genuine token for `purpose`; undefined for anything altered or made up. */
export function verifyAlertToken(
  purpose: AlertTokenPurpose,
  token: string,
  secret: string,
): string | undefined {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length > 0 || !UUID.test(id)) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(purpose, id, secret);
  // base64url decoding is lenient, so the text must also be exactly the canonical encoding.
  if (given.length !== expected.length || given.toString('base64url') !== mac) return undefined;
  return timingSafeEqual(given, expected) ? id : undefined;
}
