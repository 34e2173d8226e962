import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Secrets every server process on this database must share (the session-signing key when
 * JWT_SECRET is not given): made once by whichever process starts first, then read by all.
 */
export const serverSecrets = pgTable(
  'server_secrets',
  {
    name: text('name').primaryKey(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('server_secrets_value_length', sql`length(${t.value}) >= 32`)],
);
