import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemoIfEmpty } from './db/seed/index';
import { secureDataDir } from './lib/file-modes';
import { shutDownOnSignals } from './lib/graceful-shutdown';

async function main() {
  const config = loadConfig();
  // Before anything is written there: the embedded database holds password hashes.
  secureDataDir(config.dataDir);
  if (!config.webDist && config.env === 'production') {
    // The bundled server sits in apps/server/dist; the SPA build beside it in apps/web/dist.
    config.webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  }
  const app = await buildApp(config);
  const { db, storage, database } = app.deps;
  if (config.seedDemo) {
    await seedDemoIfEmpty({
      db,
      storage,
      log: app.log,
      accounts: !config.databaseUrl,
      paymentWindowMs: config.orders.paymentWindowMs,
    });
  }

  shutDownOnSignals(app, config.shutdownTimeoutMs);

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Bazaar is open at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
