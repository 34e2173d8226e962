import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../lib/storage';
import type { Db } from '../client';

export interface SeedContext {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/** Fills an empty embedded database with the demo catalogue and accounts. */
export async function seedDemoIfEmpty(_ctx: SeedContext): Promise<void> {}
