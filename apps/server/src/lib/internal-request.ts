import { randomBytes } from 'node:crypto';

/**
 * Requests the server makes to its own API while rendering a page (`app.inject()`) carry this header
 * with a secret drawn at start-up: the per-IP rate limit leaves them alone (they are the page's
 * request, already counted as one), and nobody outside the process can claim the same.
 */
export const INTERNAL_REQUEST_HEADER = 'x-bazaar-internal';
const token = randomBytes(24).toString('base64url');

export const internalRequestHeaders = (): Record<string, string> => ({ [INTERNAL_REQUEST_HEADER]: token });

export function isInternalRequest(request: {
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  return request.headers[INTERNAL_REQUEST_HEADER] === token;
}
