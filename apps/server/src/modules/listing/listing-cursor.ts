import type { ProductSort } from '@bazaar/shared';
import { badRequest } from '../../lib/errors';

/**
 * Where a page ends in its order: the sort and the last product's sort key,
 * as the database printed each value (so a float or a microsecond timestamp
 * comes back exactly). The next page starts strictly after it ("seek"
 * paging), so products added or removed meanwhile never shift a page: none is
 * skipped or shown twice, however deep the shopper goes.
 */
export interface ListingCursor {
  sort: ProductSort;
  key: string[];
}

export const invalidCursor = () =>
  badRequest('Invalid cursor: ask for the first page again', { cursor: 'is not valid' });

/** How a sort key is printed into a cursor and read back from one. */
export type KeyType = 'boolean' | 'real' | 'integer' | 'uuid' | 'micros';

const KEY_PATTERN: Record<KeyType, RegExp> = {
  boolean: /^(true|false)$/,
  real: /^(-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|NaN|-?Infinity)$/i,
  integer: /^-?\d{1,19}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  micros: /^-?\d{1,19}$/,
};

/** A key value from a cursor, if it is one of its type (a uuid lower-cased); otherwise the client's mistake (400). */
export function checkedKeyValue(type: KeyType, value: string): string {
  if (!KEY_PATTERN[type].test(value)) throw invalidCursor();
  return type === 'uuid' ? value.toLowerCase() : value;
}

export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, ...cursor.key])).toString('base64url');
}

/**
 * Reads a cursor a listing reply gave out; anything else is the client's
 * mistake (400). The repo checks each key value against its order before use.
 */
export function decodeCursor(text: string, sort: ProductSort): ListingCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parts) || parts.length < 2 || parts.length > 12) throw invalidCursor();
  if (!parts.every((p) => typeof p === 'string' && p.length <= 100)) throw invalidCursor();
  const [given, ...key] = parts as string[];
  // A cursor marks a place in one order only.
  if (given !== sort)
    throw badRequest('Invalid cursor: it belongs to another sort order', { cursor: 'is not valid' });
  return { sort, key };
}
