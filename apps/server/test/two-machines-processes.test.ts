import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/modules/users/users.repo';
import { createTestApp, type TestApp } from './helpers';
import { type S3Server, startS3Server } from './s3-server';
import { type ServerProcess, startServerProcess } from './server-process';
import { ShopClient } from './shop-client';

// Two real server processes, each with a DATA_DIR of its own (two machines), on one PostgreSQL
// database, configured only as the README says (DATABASE_URL, the S3_* variables of one bucket on a
// real S3-compatible server; no JWT_SECRET). Before images went through the bucket and the secret
// through the database, the second machine answered 404 for every seeded and uploaded image and
// refused every session the first one made. PGlite cannot be shared between processes: PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres ? '' : ' (skipped: needs TEST_DATABASE_URL)';

describe.skipIf(!onPostgres)(`two machines on one database and one bucket${skipped}`, () => {
  let s3: S3Server;
  let database: TestApp;
  const servers: ServerProcess[] = [];
  let first: ShopClient;
  let second: ShopClient;

  beforeAll(async () => {
    s3 = await startS3Server();
    database = await createTestApp();
    if (database.deps.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = { DATABASE_URL: database.deps.database.url, RATE_LIMIT_MAX: '100000', ...s3.env() };
    // The first machine seeds the demo catalogue (its pictures go to the bucket); the second starts after.
    servers.push(await startServerProcess({ ...env, SEED_DEMO: 'true' }));
    servers.push(await startServerProcess(env));
    [first, second] = servers.map((s) => new ShopClient(s.baseUrl)) as [ShopClient, ShopClient];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await s3?.close();
  });

  it('serves the seeded demo pictures from the machine that did not seed them', async () => {
    const { products } = await second.products('limit=5');
    expect(products.length).toBe(5);
    for (const product of products) {
      expect(await second.image(product.productImage!), product.productImage ?? undefined).toMatchObject({
        status: 200,
        type: 'image/webp',
      });
      expect((await second.image(`${product.productImage}?w=320`)).status).toBe(200);
    }
  });

  it('accepts on one machine the session made on the other', async () => {
    const { token } = await first.register('asha.machines@example.com');
    const me = await second.me(token);
    expect(me.status, await me.clone().text()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('asha.machines@example.com');
  });

  it('serves from one machine the product and profile pictures uploaded through the other', async () => {
    const admin = await first.register('admin.machines@example.com');
    await updateUser(database.db, admin.id, { isAdmin: true });
    const product = await first.createProduct(admin.token, 'Two Machine Kurta');
    expect(await second.image(product.productImage!)).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await second.image(`${product.productImage}?w=480`)).status).toBe(200);

    const avatar = await second.saveProfilePicture(admin.id, admin.token);
    expect(await first.image(avatar)).toMatchObject({ status: 200, type: 'image/webp' });
  });
});
