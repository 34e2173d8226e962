import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client';
import { BASE, baseMark, markFileOf } from '../db/pglite-base';
import { productImages } from '../db/seed/images';
import { prerenderDemoImages } from '../db/seed/prerendered';
import { DEMO_PRODUCTS } from '../db/seed/products';

/**
 * Run by build.mjs after bundling, into the bundle's folder: what a first start would otherwise
 * spend seconds on. The migrated empty embedded database a new DATA_DIR starts from
 * (db/pglite-base.ts), and the demo's pictures (db/seed/prerendered.ts).
 */
export async function buildAssets(outDir: string): Promise<void> {
  await Promise.all([
    buildPgliteBase(outDir),
    prerenderDemoImages(outDir, DEMO_PRODUCTS.flatMap(productImages), availableParallelism()),
  ]);
}

export async function buildPgliteBase(outDir: string): Promise<void> {
  const base = path.join(outDir, BASE);
  const scratch = `${base}.partial`;
  for (const stale of [base, scratch, markFileOf(base)]) rmSync(stale, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: scratch });
  await database.close();
  renameSync(path.join(scratch, 'pglite'), base);
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(markFileOf(base), baseMark(migrationsFolder()));
}
