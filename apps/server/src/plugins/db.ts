import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the opened database to every module and closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; ownsDatabase: boolean }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.ownsDatabase) app.addHook('onClose', async () => opts.database.close());
  },
);
