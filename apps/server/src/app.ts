import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { mailerPlugin } from './lib/mailer/index';
import { type FileStorage, LocalFileStorage } from './lib/storage';
import { catalogueModule, uploadsPlugin } from './modules/catalogue/index';
import { healthModule } from './modules/health/index';
import { usersModule } from './modules/users/index';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    storage: FileStorage;
  }
}

export interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  storage?: FileStorage;
}

/** Builds the whole application without listening, so tests can `inject()` into it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('storage', options.storage ?? new LocalFileStorage(path.join(config.dataDir, 'uploads')));

  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  await app.register(dbPlugin, { database, ownsDatabase: !options.database });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(mailerPlugin);

  await app.register(
    async (api) => {
      await api.register(healthModule);
      await api.register(catalogueModule);
      await api.register(usersModule);
    },
    { prefix: '/api' },
  );

  await app.register(uploadsPlugin);
  if (config.webDist) await app.register(spaPlugin, { root: config.webDist });
  return app;
}
