import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LIMIT_VARIABLES, type Limits, limitsFromEnv } from './config-limits';
import { MESSAGING_VARIABLES, type MessagingConfig, messagingFromEnv } from './config-messaging';
import { PRODUCTION_SCRYPT_COST, type ScryptCost } from './lib/password';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const boolFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** Every setting of the server, read from the environment once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  PGLITE_OPTIMISING_COMPILER: boolFlag,
  PUBLIC_URL: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SEED_DEMO: boolFlag,
  WEB_DIST: optionalString,
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  REDIS_URL: optionalString.pipe(z.string().url().optional()),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . _ - only')
    .default('bazaar:'),
  ...LIMIT_VARIABLES,
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(72_000),
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(1000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  CATALOGUE_CHECK_REPLIES: boolFlag,
  TRUST_PROXY: z.string().default('false'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Bazaar <no-reply@bazaar.local>'),
  OIDC_ISSUER: z.string().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  PAYMENTS_PROVIDER: optionalString.pipe(z.enum(['razorpay', 'sandbox']).optional()),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // Tests point the adapter at a local server speaking Razorpay's API; ignored outside NODE_ENV=test.
  RAZORPAY_API_URL: optionalString.pipe(z.string().url().optional()),
  PAYMENTS_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  ORDER_PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  ORDER_EXPIRY_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  ...MESSAGING_VARIABLES,
  GEMINI_API_KEY: optionalString,
  GEMINI_MODEL: z.string().trim().min(1).default('gemini-1.5-pro'),
  GEMINI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  S3_REGION: optionalString,
  S3_FORCE_PATH_STYLE: boolFlag,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: optionalString,
  METRICS_PORT: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(0).max(65535).optional()),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
});

export type Env = z.input<typeof envSchema>;

/** Every environment variable the server reads (compose.yaml may pass no other). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** Pretty lines for a person (development's default) or one JSON object per line (a log collector's). */
  logFormat: 'json' | 'pretty';
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's page cache (PostgreSQL's shared_buffers), in MB. */
  pgliteSharedBuffersMb: number;
  /** Whether V8 recompiles the embedded database's hot WebAssembly functions with its optimising compiler. */
  pgliteOptimisingCompiler: boolean;
  /** Origin the shop is reached at, used in links sent by mail and OIDC redirects. */
  publicUrl: string;
  /**
   * Signs session tokens (and the sandbox's keys derive from it): JWT_SECRET, or the one kept under
   * DATA_DIR for the embedded database. Undefined with DATABASE_URL and no JWT_SECRET: createDeps
   * then reads (or creates, once) the one in the database, which every process on it shares.
   */
  jwtSecret: string | undefined;
  /** Seed demo catalogue and accounts into an empty embedded database. */
  seedDemo: boolean;
  /** Folder of the built SPA; served only when set and present. */
  webDist: string | undefined;
  rateLimitMax: number;
  /**
   * Redis, when set: the API rate limit is counted there, so it holds across every process of the
   * shop; without it each process counts its own (docs/decisions/141-rate-limit-in-redis.md).
   */
  redisUrl: string | undefined;
  /**
   * Limits of the HTTP server: a request's headers and body must arrive within `requestTimeoutMs`;
   * a connection silent for `connectionTimeoutMs` is closed, an idle keep-alive one after
   * `keepAliveTimeoutMs` (behind a proxy: longer than the proxy's own idle timeout); at most
   * `maxConnections` are open at once.
   */
  http: {
    requestTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
  };
  /**
   * How long a shutdown (SIGTERM, SIGINT) waits for requests in flight; past it the connections
   * left are cut and the process exits (code 1).
   */
  shutdownTimeoutMs: number;
  /** Which proxies' X-Forwarded-For is believed (lib/trust-proxy.ts): none, a hop count or their addresses. */
  trustProxy: TrustProxy;
  /** Put before every key this shop writes to Redis, so shops (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Every per-address, per-device and per-account limit, from the environment (README, "Limits"). */
  limits: Limits;
  /** Hashes waiting for the password-hashing queue beyond this many are refused with a 429. */
  maxWaitingHashes: number;
  /** How long identical catalogue replies are reused; 0 turns the cache off. */
  catalogueCacheTtlMs: number;
  /**
   * Whether each catalogue reply made on a cache miss is checked against its schema before it is
   * sent: on by default outside production, so tests catch the database's JSON drifting from the
   * schema; off in production, where the check cost a reply ~0.1 ms of the server's one thread.
   */
  checkCatalogueReplies: boolean;
  /** scrypt cost of new password hashes: production's always, except in testConfig(). */
  passwordCost: ScryptCost;
  mail: { smtpUrl: string | undefined; from: string };
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  /**
   * The payment provider, chosen explicitly (PAYMENTS_PROVIDER) or, unset, Razorpay when its keys are
   * there; without keys the sandbox only outside production or in the embedded demo (see
   * `choosePaymentsProvider`). With the sandbox no money moves: every page says so, its orders are
   * test orders and the dashboard's revenue leaves them out. Every process looks
   * for payments its webhooks never told it about, and redelivers the sandbox's webhooks, each
   * `checkMs` (0: never, as in tests, which run it themselves).
   */
  payments: { provider: 'razorpay' | 'sandbox'; checkMs: number };
  /** Razorpay's keys and API (at `apiUrl`, which only tests change). */
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
    timeoutMs: number;
  };
  /**
   * Unpaid orders give their stock and coupon back `paymentWindowMs` after they were placed; every
   * process looks for such orders each `expiryCheckMs` (0: never, as in tests, which run it themselves).
   */
  orders: { paymentWindowMs: number; expiryCheckMs: number };
  /** Messages to shoppers beyond mail: WhatsApp, the local log, or none (config-messaging.ts). */
  messaging: MessagingConfig;
  /** The AI description helper: Gemini when a key is set, the offline writer otherwise. */
  ai: { apiKey: string | undefined; model: string; timeoutMs: number };
  /** Where images are kept: a folder of this machine, or an S3-compatible bucket every machine shares. */
  storage: StorageConfig;
  /** Port of the Prometheus listener (`GET /metrics`), apart from the shop's; none when undefined. */
  metricsPort: number | undefined;
}

export type StorageConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      prefix: string;
    };

/** The config once the app has opened its database: the session secret is known. */
export type AppConfig = Config & { jwtSecret: string };

export class ConfigError extends Error {}

/** Razorpay's API; the SDK's default, written here so a test can point the adapter at a local server. */
export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/** Parses the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (!trustProxy.ok) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.problem}`);
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together (or neither, for the payment sandbox)',
    );
  }
  const messaging = messagingFromEnv(e);
  if (!messaging.ok) throw new ConfigError(`Invalid configuration:\n  ${messaging.problem}`);
  const seedDemo = e.SEED_DEMO ?? e.DATABASE_URL === undefined;
  const provider = choosePaymentsProvider({
    env: e.NODE_ENV,
    chosen: e.PAYMENTS_PROVIDER,
    keys: Boolean(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET),
    embeddedDemo: e.DATABASE_URL === undefined && seedDemo,
  });
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    pgliteOptimisingCompiler: e.PGLITE_OPTIMISING_COMPILER ?? false,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    // With a shared database the secret is shared through it (createDeps), never one machine's file.
    jwtSecret: e.JWT_SECRET ?? (e.DATABASE_URL ? undefined : persistedSecret(dataDir)),
    seedDemo,
    webDist: e.WEB_DIST,
    rateLimitMax: e.RATE_LIMIT_MAX,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    limits: limitsFromEnv(e),
    maxWaitingHashes: e.PASSWORD_HASH_QUEUE,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    checkCatalogueReplies: e.CATALOGUE_CHECK_REPLIES ?? e.NODE_ENV !== 'production',
    passwordCost: PRODUCTION_SCRYPT_COST,
    trustProxy: trustProxy.value,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    payments: { provider, checkMs: e.PAYMENTS_CHECK_MS },
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: (e.NODE_ENV === 'test' ? e.RAZORPAY_API_URL : undefined) ?? RAZORPAY_API_URL,
      timeoutMs: e.RAZORPAY_TIMEOUT_MS,
    },
    orders: {
      paymentWindowMs: e.ORDER_PAYMENT_WINDOW_MINUTES * 60_000,
      expiryCheckMs: e.ORDER_EXPIRY_CHECK_MS,
    },
    messaging: messaging.value,
    ai: { apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, timeoutMs: e.GEMINI_TIMEOUT_MS },
    storage: storageConfig(e, dataDir),
    metricsPort: e.METRICS_PORT,
  };
}

function storageConfig(e: z.output<typeof envSchema>, dataDir: string): StorageConfig {
  const s3Settings = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_REGION: e.S3_REGION,
    S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    S3_PREFIX: e.S3_PREFIX,
  };
  if (!e.S3_BUCKET) {
    const stray = Object.entries(s3Settings).filter(([, v]) => v !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${stray.map(([k]) => k).join(', ')} set without S3_BUCKET (images stay in DATA_DIR/uploads unless S3_BUCKET names a bucket)`,
      );
    }
    return { kind: 'folder', dir: path.join(dataDir, 'uploads') };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS SDK's own credentials)",
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.S3_PREFIX ?? '',
  };
}

/** A fresh secret for signing session tokens. */
export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** The secret a previous start wrote under DATA_DIR, if there is one. */
export function keptSecret(dataDir: string): string | undefined {
  try {
    const existing = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    return existing.length >= 32 ? existing : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which payment provider takes the shop's payments. Fails closed: production never falls back to
 * the sandbox by accident, since a sandbox payment ships goods for no money.
 * - `razorpay` needs both keys, or the server refuses to start, naming them.
 * - `sandbox` is the sandbox, wherever it is chosen (in production it marks the shop as a demo).
 * - Unset: Razorpay when both keys are set. Without keys, the sandbox outside production, and in
 *   production only in the embedded demo (`npm start`: no DATABASE_URL, demo data seeded, whose
 *   public demo accounts already make it no real shop); any other production start is refused.
 */
export function choosePaymentsProvider(input: {
  env: Config['env'];
  chosen: 'razorpay' | 'sandbox' | undefined;
  keys: boolean;
  embeddedDemo: boolean;
}): 'razorpay' | 'sandbox' {
  const { env, chosen, keys, embeddedDemo } = input;
  if (chosen === 'razorpay' && !keys) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_PROVIDER is razorpay, but RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not set: set both (Razorpay Dashboard → Account & Settings → API keys)',
    );
  }
  if (chosen) return chosen;
  if (keys) return 'razorpay';
  if (env !== 'production' || embeddedDemo) return 'sandbox';
  throw new ConfigError(
    'Invalid configuration:\n  PAYMENTS_PROVIDER is not set and there are no Razorpay keys: set PAYMENTS_PROVIDER=razorpay with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take payments, or PAYMENTS_PROVIDER=sandbox for a demo shop whose payments are simulated',
  );
}

/**
 * Tokens must survive restarts, so a generated secret is written once under
 * DATA_DIR (mode 600) and read back afterwards.
 */
function persistedSecret(dataDir: string): string {
  const existing = keptSecret(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(path.join(dataDir, 'jwt-secret'), secret, { mode: 0o600 });
  return secret;
}

/**
 * scrypt at 1/128 of production's memory and time: hashing in tests costs
 * ~2 ms instead of ~300 ms. Stored hashes carry their parameters, so nothing
 * else changes; production never reads this.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** A config for tests: in-memory database unless DATABASE_URL is given, quiet logs, cheap hashing. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SEED_DEMO: 'false',
      // Tests stand in for one proxy (inject() comes from 127.0.0.1) and set X-Forwarded-For to act
      // from different addresses.
      TRUST_PROXY: '1',
      // Tests run the expiry and the payment checks themselves, on the clock they control.
      ORDER_EXPIRY_CHECK_MS: '0',
      PAYMENTS_CHECK_MS: '0',
      MESSAGES_CHECK_MS: '0',
      DATA_DIR: overrides.dataDir ?? path.join(process.cwd(), 'data-test'),
    }),
    passwordCost: TEST_SCRYPT_COST,
    ...overrides,
  };
}
