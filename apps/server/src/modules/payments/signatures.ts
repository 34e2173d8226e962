import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` with `secret`, as lowercase hex: how Razorpay signs checkouts and webhooks. */
export function hmacHex(message: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The signature Razorpay's checkout hands back: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function checkoutSignature(providerOrderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${providerOrderId}|${paymentId}`, keySecret);
}

/**
 * Whether `signature` is the HMAC of `message`, compared in constant time (the SDK's own helper uses
 * `===`, whose timing tells an attacker how many leading characters were right).
 */
export function signatureMatches(message: string | Buffer, signature: string, secret: string): boolean {
  const expected = Buffer.from(hmacHex(message, secret), 'hex');
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
