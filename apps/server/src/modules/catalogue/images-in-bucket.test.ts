import type { Product } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertCategories } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { pngPicture } from '../../../test/images';
import { multipartBody, multipartEntries } from '../../../test/multipart';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import type { FileStorage } from '../../lib/storage';
import { variantKey } from './uploads.routes';

// Two apps on one database, each with a DATA_DIR of its own (two machines), keeping images in one
// bucket of a real S3-compatible server: what one stores, the other serves, and what one removes,
// neither serves any longer.
describe('images in a bucket, served by every machine', () => {
  let s3: S3Server;
  const stores: FileStorage[] = [];
  let a: TestApp;
  let b: TestApp;
  let admin: Account;

  beforeAll(async () => {
    s3 = await startS3Server();
    stores.push(s3.storage(), s3.storage());
    a = await createTestApp({}, { storage: stores[0]! });
    b = await createTestApp({}, { storage: stores[1]!, sameDatabaseAs: a });
    admin = await signUp(a, 'admin@example.com', { admin: true });
    await insertCategories(a.db, [['Fashion', 'Men', 'Shirts']]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await Promise.all(stores.map((s) => s.close()));
    await s3?.close();
  });

  const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('serves a product picture uploaded through one machine from the other, with its variants', async () => {
    const form = await multipartEntries([
      ['name', 'Linen Kurta'],
      ['category', 'Fashion'],
      ['subCategory', 'Men'],
      ['price', '1299'],
      ['countInStock', '3'],
      ['description', 'A breezy linen kurta.'],
      ['productImages', await pngPicture(800, 600, '#2563eb')],
    ]);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: { ...form.headers, ...admin.auth },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { product } = created.json() as { product: Product };
    expect(product.productImage).toMatch(/^\/uploads\/products\/[0-9a-f-]+\.webp$/);
    expect(a.dataDir).not.toBe(b.dataDir);

    const served = await get(b, product.productImage!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const small = await get(b, `${product.productImage}?w=320`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');

    // Deleted through the other machine: the picture and every variant are gone for both.
    const key = product.productImage!.replace('/uploads/', '');
    const deleted = await b.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect.poll(async () => (await get(a, product.productImage!)).statusCode).toBe(404);
    expect((await get(a, `${product.productImage}?w=320`)).statusCode).toBe(404);
    expect(await stores[0]!.get(variantKey(key, '320'))).toBeUndefined();
  });

  it("serves a shopper's profile picture saved through one machine from the other", async () => {
    const shopper = await signUp(a, 'asha@example.com');
    const form = await multipartBody({
      name: 'Asha Rao',
      profileImage: await pngPicture(300, 300, '#dc2626'),
    });
    const saved = await a.app.inject({
      method: 'PUT',
      url: `/api/users/user/${shopper.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...shopper.auth },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const url: string = saved.json().updatedUser.profileImage;
    expect(url).toMatch(/^\/uploads\/avatars\//);
    expect((await get(b, url)).statusCode).toBe(200);
    expect((await get(b, `${url}?w=160`)).statusCode).toBe(200);
  });
});
