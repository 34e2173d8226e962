import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Events } from './events';
import { PgliteEvents } from './pglite-events';
import { PostgresEvents } from './postgres-events';

export type { Channel, EventMap, Events, SubscribeOptions, Unsubscribe } from './events';

/** The events of the database every process shares: LISTEN/NOTIFY on either driver. */
export function createEvents(database: Database, log: FastifyBaseLogger): Events {
  return database.kind === 'pglite'
    ? new PgliteEvents(database.client, log)
    : new PostgresEvents({ url: database.url, pool: database.pool, log });
}
