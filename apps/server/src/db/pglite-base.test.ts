import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteBase } from '../cli/build-assets';
import { migrationsFolder, openDatabase } from './client';
import { BASE, copyPgliteBase, markFileOf } from './pglite-base';

describe("a new DATA_DIR starts from the build's migrated database", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bazaar-base-'));
  const base = path.join(root, 'dist', BASE);
  beforeAll(async () => {
    mkdirSync(path.dirname(base));
    await buildPgliteBase(path.dirname(base));
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies it into an empty folder, and the database opens migrated', async () => {
    const dataDir = path.join(root, 'data');
    // What a copy cut short by a crash left behind goes.
    mkdirSync(path.join(dataDir, 'pglite.partial-1', 'base'), { recursive: true });
    expect(copyPgliteBase(path.join(dataDir, 'pglite'), migrationsFolder(), base)).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['pglite']);
    const database = await openDatabase({ dataDir });
    const tables = await database.db.execute(
      sql`select count(*)::int as n from pg_tables where tablename = 'products'`,
    );
    expect((tables as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    await database.close();
  });

  it('leaves a folder that holds anything to the engine', () => {
    const dir = path.join(root, 'used', 'pglite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '17');
    expect(copyPgliteBase(dir, migrationsFolder(), base)).toBe(false);
  });

  it('is not used once the migrations changed since the build', () => {
    writeFileSync(markFileOf(base), JSON.stringify({ schema: 'an-older-schema' }));
    expect(copyPgliteBase(path.join(root, 'later', 'pglite'), migrationsFolder(), base)).toBe(false);
  });
});
