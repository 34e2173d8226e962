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

const invalid = () => badRequest('Invalid cursor: ask for the first page again', { cursor: 'is not valid' });

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
    throw invalid();
  }
  if (!Array.isArray(parts) || parts.length < 2 || parts.length > 12) throw invalid();
  if (!parts.every((p) => typeof p === 'string' && p.length <= 100)) throw invalid();
  const [given, ...key] = parts as string[];
  // A cursor marks a place in one order only.
  if (given !== sort)
    throw badRequest('Invalid cursor: it belongs to another sort order', { cursor: 'is not valid' });
  return { sort, key };
}
