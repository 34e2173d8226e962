import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { ListingIndex } from './listing-index';
import { MemoryListingIndex } from './memory-index/memory-listing-index';
import { PostgresListingIndex } from './postgres-listing-index';
import type { SqlRunner } from './sql-runner';

/** The listing index CATALOGUE_INDEX names, chosen once at start-up. */
export function createListingIndex(
  kind: Config['catalogueIndex'],
  sql: SqlRunner,
  log: FastifyBaseLogger,
): ListingIndex {
  return kind === 'memory' ? new MemoryListingIndex(sql, log) : new PostgresListingIndex(sql);
}
