import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    /** scrypt hash; null for accounts created through the identity provider only. */
    passwordHash: text('password_hash'),
    profileImage: text('profile_image'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Bumped when every session of the account must end at once; tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_is_admin_idx').on(t.isAdmin),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token sent by mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash), index('prt_user_idx').on(t.userId)],
);

/**
 * One signed-in browser. The session token names its row; logging out deletes it, so a token stops
 * working on every server process at once. The token itself expires after the idle time and is renewed
 * while in use; the row bounds the session's whole life.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When the person last proved who they are here (password, or the provider's auth_time); null if unknown. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    /** The session's absolute end, however active it is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** An identity provider's account (issuer and subject) that signs into a shop account. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_uq').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Counters that protect accounts (failed logins, registrations and reset requests per address or
 * account), shared by every server process. Keys are hashed: no email or address is kept here.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    keyHash: text('key_hash').primaryKey(),
    count: integer('count').notNull(),
    /** When the last counted attempt happened. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** Before this, a further attempt is refused (429); it is not counted either. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /**
     * `blocked_until` as it was before the last upsert: that upsert's own answer (allowed when it had
     * passed), since RETURNING sees only the new row.
     */
    previousBlockedUntil: timestamp('previous_blocked_until', { withTimezone: true }).notNull(),
    /** When the counter is forgotten. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_attempts_expires_idx').on(t.expiresAt),
    check('auth_attempts_count_positive', sql`${t.count} >= 0`),
  ],
);

/** Mail the local mailer could not hand to an SMTP server: kept so a person can read it. */
export const outboxEmails = pgTable('outbox_emails', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});
