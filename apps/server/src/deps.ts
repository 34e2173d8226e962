import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppConfig, type Config, keptSecret, newSecret, type StorageConfig } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { sharedSecret } from './db/shared-secret';
import type { DescriptionWriter } from './lib/ai/description-writer';
import { GeminiWriter } from './lib/ai/gemini-writer';
import { OfflineWriter } from './lib/ai/offline-writer';
import { type Background, InProcessBackground } from './lib/background';
import { type Clock, systemClock } from './lib/clock';
import { createEvents, type Events } from './lib/events/index';
import { createLogger } from './lib/log';
import { Mailer, OutboxMailer, SmtpMailer } from './lib/mailer/index';
import { MemoryCachedStorage } from './lib/memory-cached-storage';
import { S3FileStorage } from './lib/s3-storage';
import { type FileStorage, LocalFileStorage } from './lib/storage';
import { IMAGE_VARIANT_TAGS } from './modules/catalogue/index';
import { insertOutboxEmail } from './modules/mail/outbox.repo';
import { createPhoneProvider, type PhoneProvider } from './modules/notify/index';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';

/**
 * Everything outside the code that services depend on, each real or local and
 * chosen once here from the configuration.
 */
export interface Deps {
  config: AppConfig;
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
  /** Phone messages: WhatsApp's Cloud API, or the local log; undefined with MESSAGING_PROVIDER=none. */
  phone: PhoneProvider | undefined;
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

export async function createDeps(loaded: Config, overrides: DepsOverrides = {}): Promise<OpenedDeps> {
  const log = overrides.log ?? createLogger(loaded.logLevel, loaded.logFormat);
  const database =
    overrides.database ??
    (await openDatabase({
      url: loaded.databaseUrl,
      dataDir: loaded.dataDir,
      pgliteSharedBuffersMb: loaded.pgliteSharedBuffersMb,
      pgliteOptimisingCompiler: loaded.pgliteOptimisingCompiler,
      onConnectionError: (err) => log.warn({ err }, 'a database connection failed; the pool replaces it'),
    }));
  let config: AppConfig;
  try {
    config = await withSessionSecret(loaded, database.db);
  } catch (error) {
    if (!overrides.database) await database.close();
    throw error;
  }
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
  if (config.databaseUrl && config.storage.kind === 'folder' && !overrides.storage) {
    log.info(
      `Images are kept in ${config.storage.dir}: a second machine on this database will not see them (set S3_BUCKET to share them)`,
    );
  }
  const clock = overrides.clock ?? systemClock;
  const background = overrides.background ?? new InProcessBackground(log);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    clock,
    log,
    mailer,
    storage: overrides.storage ?? createStorage(config.storage),
    events,
    ai:
      overrides.ai ??
      (config.ai.apiKey
        ? new GeminiWriter({ apiKey: config.ai.apiKey, model: config.ai.model })
        : new OfflineWriter()),
    background,
    payments:
      overrides.payments ?? createPaymentProvider(config, { db: database.db, clock, log, background }),
    phone: 'phone' in overrides ? overrides.phone : createPhoneProvider(config, log),
    redis: overrides.redis ?? (config.redisUrl ? await openRedis(config.redisUrl, log) : undefined),
  };
  return {
    deps,
    async close() {
      if (!overrides.background) await deps.background.close();
      if (!overrides.mailer) await mailer.close();
      if (!overrides.events) await events.close();
      if (!overrides.redis) await deps.redis?.quit().catch(() => deps.redis?.disconnect());
      if (!overrides.storage) await deps.storage.close();
      if (!overrides.database) await database.close();
    },
  };
}

/**
 * The config with its session secret: the given one, or, on a shared database, the one stored
 * there (created by the first process to start; a secret this machine kept under DATA_DIR before
 * is offered first, so moving a single machine onto PostgreSQL signs nobody out).
 */
async function withSessionSecret(config: Config, db: Db): Promise<AppConfig> {
  if (config.jwtSecret !== undefined) return config as AppConfig;
  const jwtSecret = await sharedSecret(db, 'jwt', () => keptSecret(config.dataDir) ?? newSecret());
  return { ...config, jwtSecret };
}

/**
 * The folder, or the bucket every machine shares (S3_BUCKET), read through a memory of recently
 * served pictures: a bucket is a network request away, a popular picture is asked for by every visitor.
 */
function createStorage(storage: StorageConfig): FileStorage {
  if (storage.kind === 'folder') return new LocalFileStorage(storage.dir);
  return new MemoryCachedStorage(new S3FileStorage({ ...storage, variantTags: IMAGE_VARIANT_TAGS }), {
    maxBytes: 64 * 1024 * 1024,
    maxFileBytes: 2 * 1024 * 1024,
    ttlMs: 60_000,
  });
}

/**
 * A Redis connection that fails fast: a command waits at most a second and is not queued while the
 * connection is down, so an outage costs the rate limit (skipped, logged) and never the requests.
 */
async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded only by a shop that names a Redis server.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
  redis.on('error', (err) =>
    log.warn({ err }, 'redis connection error; the API rate limit is skipped meanwhile'),
  );
  return redis;
}
