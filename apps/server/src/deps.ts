import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import type { DescriptionWriter } from './lib/ai/description-writer';
import { GeminiWriter } from './lib/ai/gemini-writer';
import { OfflineWriter } from './lib/ai/offline-writer';
import { type Background, InProcessBackground } from './lib/background';
import { type Clock, systemClock } from './lib/clock';
import { createEvents, type Events } from './lib/events/index';
import { createLogger } from './lib/log';
import { Mailer, OutboxMailer, SmtpMailer } from './lib/mailer/index';
import { type FileStorage, LocalFileStorage } from './lib/storage';
import { insertOutboxEmail } from './modules/mail/outbox.repo';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';

/**
 * Everything outside the code that services depend on, each real or local and
 * chosen once here from the configuration.
 */
export interface Deps {
  config: Config;
  /** The open database: its driver and how to close it (the events need the driver). */
  database: Database;
  /** The Drizzle database every repo call starts from (`database.db`). */
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  storage: FileStorage;
  events: Events;
  /** Writes product descriptions: Gemini with GEMINI_API_KEY, the offline writer without. */
  ai: DescriptionWriter;
  /** Work a request starts without waiting for it. */
  background: Background;
  /** The payment provider: Razorpay with its keys, the built-in sandbox without. */
  payments: PaymentProvider;
  /** Redis with REDIS_URL (the API rate limit's shared counters); none without. */
  redis: Redis | undefined;
}

/**
 * What a test (or a tool) may hand in instead of what the config would choose.
 * Whatever is handed in stays the caller's to close; the rest closes with the app.
 */
export type DepsOverrides = Partial<Omit<Deps, 'config' | 'db'>>;

export interface OpenedDeps {
  deps: Deps;
  /** Closes what was opened here, in order: background work, pending mail, events, the database. */
  close(): Promise<void>;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<OpenedDeps> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => log.warn({ err }, 'an idle database connection was closed; the pool replaces it'),
    }));
  const events = overrides.events ?? createEvents(database, log);
  const mailer =
    overrides.mailer ??
    new Mailer(
      config.mail.smtpUrl
        ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
        : new OutboxMailer((message) => insertOutboxEmail(database.db, message), log, {
            keepSecrets: config.env !== 'production',
            logLinks: config.env === 'development',
          }),
      log,
    );
  const clock = overrides.clock ?? systemClock;
  const background = overrides.background ?? new InProcessBackground(log);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    clock,
    log,
    mailer,
    storage: overrides.storage ?? new LocalFileStorage(path.join(config.dataDir, 'uploads')),
    events,
    ai:
      overrides.ai ??
      (config.ai.apiKey
        ? new GeminiWriter({ apiKey: config.ai.apiKey, model: config.ai.model })
        : new OfflineWriter()),
    background,
    payments:
      overrides.payments ?? createPaymentProvider(config, { db: database.db, clock, log, background }),
    redis: overrides.redis ?? (config.redisUrl ? openRedis(config.redisUrl, log) : undefined),
  };
  return {
    deps,
    async close() {
      if (!overrides.background) await deps.background.close();
      if (!overrides.mailer) await mailer.close();
      if (!overrides.events) await events.close();
      if (!overrides.redis) await deps.redis?.quit().catch(() => deps.redis?.disconnect());
      if (!overrides.database) await database.close();
    },
  };
}

/**
 * A Redis connection that fails fast: a command waits at most a second and is not queued while the
 * connection is down, so an outage costs the rate limit (skipped, logged) and never the requests.
 */
function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
  redis.on('error', (err) =>
    log.warn({ err }, 'redis connection error; the API rate limit is skipped meanwhile'),
  );
  return redis;
}
