import { shopSettingsUpdateFieldsSchema } from '@bazaar/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMismatches, variantsOf } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { TEST_SCRYPT_COST } from '../../config';
import { PasswordHasher } from '../../lib/password';
import {
  categories,
  coupons,
  deliverySettings,
  deliveryZones,
  products,
  shopSettings,
  users,
} from '../schema/index';
import { orderStatusHistory, orders, payments } from '../schema/orders';
import { DEMO_ACCOUNTS, DEMO_ORDERS, seedDemoIfEmpty } from './index';

const passwords = new PasswordHasher(TEST_SCRYPT_COST);
const verifyPassword = (password: string, hash: string | null | undefined) =>
  passwords.verify(password, hash);

function isWebp(data: Buffer | undefined): boolean {
  return (
    !!data &&
    data.length > 12 &&
    data.subarray(0, 4).toString('ascii') === 'RIFF' &&
    data.subarray(8, 12).toString('ascii') === 'WEBP'
  );
}

async function counts(t: TestApp) {
  const db = t.db;
  const one = async (table: typeof products | typeof categories | typeof users | typeof coupons) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    products: await one(products),
    categories: await one(categories),
    users: await one(users),
    coupons: await one(coupons),
  };
}

describe('seedDemoIfEmpty', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty({ db: t.db, storage: t.deps.storage, log: t.app.log, passwords });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('builds a category tree with at least 8 top categories, each with subcategories', async () => {
    const rows = await t.db.select().from(categories);
    const top = rows.filter((c) => c.depth === 0);
    expect(top.length).toBeGreaterThanOrEqual(8);
    for (const cat of top) {
      expect(rows.some((c) => c.parentId === cat.id && c.depth === 1)).toBe(true);
    }
    expect(rows.some((c) => c.depth === 3)).toBe(true);
    // Every child sits one level below its parent.
    const byId = new Map(rows.map((c) => [c.id, c]));
    for (const c of rows) {
      if (c.parentId) expect(byId.get(c.parentId)!.depth).toBe(c.depth - 1);
      else expect(c.depth).toBe(0);
    }
  });

  it('seeds at least 80 products whose category paths exist in the tree', async () => {
    const rows = await t.db.select().from(categories);
    const byId = new Map(rows.map((c) => [c.id, c]));
    const pathOf = (id: string): string => {
      const node = byId.get(id)!;
      return node.parentId ? `${pathOf(node.parentId)}/${node.name}` : node.name;
    };
    const paths = new Set(rows.map((c) => pathOf(c.id)));

    const list = await t.db.select().from(products);
    expect(list.length).toBeGreaterThanOrEqual(80);
    for (const p of list) {
      const path = [p.category, p.subCategory, p.option, p.subOption].filter((s) => s !== null).join('/');
      expect(paths, `${p.name}: ${path}`).toContain(path);
      // No gaps: a suboption needs an option, an option a subcategory.
      if (p.subOption) expect(p.option).not.toBeNull();
      if (p.option) expect(p.subCategory).not.toBeNull();
    }
    // Some products stop above the deepest level.
    expect(list.some((p) => p.option === null)).toBe(true);
  });

  it('fills the product columns believably', async () => {
    const list = await t.db.select().from(products);
    expect(list.filter((p) => p.countInStock === 0).length).toBeGreaterThan(0);
    expect(list.filter((p) => p.countInStock > 0).length).toBeGreaterThan(list.length / 2);
    const onSale = list.filter((p) => p.discount > 0);
    expect(onSale.length).toBeGreaterThan(0);
    for (const p of onSale) expect(p.salePricePaise).toBeLessThan(p.pricePaise);
    expect(list.some((p) => p.isFeatured)).toBe(true);

    const inSliderRange = list.filter((p) => p.pricePaise >= 99_00 && p.pricePaise <= 999_00);
    expect(inSliderRange.length).toBeGreaterThan(list.length * 0.7);

    expect(new Set(list.map((p) => p.sku)).size).toBe(list.length);
    for (const p of list) {
      expect(p.name.length).toBeGreaterThan(3);
      expect(p.description.length).toBeGreaterThan(20);
      expect(Number.isInteger(p.pricePaise)).toBe(true);
      expect(p.rating).toBeGreaterThanOrEqual(0);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10).toBeCloseTo(p.rating, 5);
      expect(p.colours.length).toBeGreaterThan(0);
      for (const colour of p.colours) expect(colour).toBe(colour.toLowerCase());
      expect(p.brand).not.toBe('');
      expect(p.seller).toBeTruthy();
      expect(p.madeIn).toBeTruthy();
      expect(p.tags.length).toBeGreaterThan(0);
    }

    // "Newest" sorting has something to sort: dates spread over weeks, none in the future.
    const times = list.map((p) => p.createdAt.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(30 * 24 * 3600 * 1000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });

  it('gives clothes and shoes real variants, a size sold out in some, with stock equal to the ledger', async () => {
    const kurta = (await t.db.select().from(products)).find((p) => p.name === 'Block Print Cotton Kurta')!;
    const variants = await variantsOf(t.db, kurta.id);
    expect(variants).toHaveLength(kurta.colours.length * kurta.sizes.length);
    expect(variants.some((v) => v.stock === 0)).toBe(true);
    expect(variants.reduce((sum, v) => sum + v.stock, 0)).toBe(kurta.countInStock);
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('stores a WebP image for every product under the key it records', async () => {
    const list = await t.db.select().from(products);
    const keys = new Set<string>();
    for (const p of list) {
      expect(p.productImage).toMatch(/^products\/[a-z0-9-]+\.webp$/);
      expect(p.images[0]).toBe(p.productImage);
      for (const key of p.images) keys.add(key);
    }
    expect(list.some((p) => p.images.length > 1)).toBe(true);
    for (const key of keys) {
      expect(isWebp(await t.deps.storage.get(key)), key).toBe(true);
    }
  });

  it('creates the two demo accounts with working passwords', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    const [customer] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    expect(admin?.isAdmin).toBe(true);
    expect(admin?.name).toBe('Bazaar Admin');
    expect(customer?.isAdmin).toBe(false);
    expect(customer?.phoneNumber).toBe('9876543210');
    expect(await verifyPassword(DEMO_ACCOUNTS.admin.password, admin?.passwordHash)).toBe(true);
    expect(await verifyPassword(DEMO_ACCOUNTS.customer.password, customer?.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong-password', customer?.passwordHash)).toBe(false);
  });

  it('writes the shop settings row and usable coupons', async () => {
    const [settings] = await t.db.select().from(shopSettings);
    expect(settings?.id).toBe(1);
    expect(settings?.name).toBe('Bazaar');
    expect(settings?.returnPolicy).toBeNull();
    // The contact page's two phone and email lines and its social links.
    expect(settings).toMatchObject({
      phone: expect.any(String),
      secondPhone: expect.any(String),
      email: expect.any(String),
      secondEmail: expect.any(String),
    });
    const contact = {
      secondEmail: settings!.secondEmail!,
      secondPhone: settings!.secondPhone!,
      facebookUrl: settings!.facebookUrl!,
      instagramUrl: settings!.instagramUrl!,
      xUrl: settings!.xUrl!,
      youtubeUrl: settings!.youtubeUrl!,
    };
    // What the admin's form would accept.
    expect(shopSettingsUpdateFieldsSchema.safeParse(contact).success).toBe(true);
    const rows = await t.db.select().from(coupons);
    const welcome = rows.find((c) => c.code === 'WELCOME10');
    expect(welcome?.discount).toBe(10);
    expect(welcome?.usageLimit).toBe(100);
    expect(welcome!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
    expect(rows.some((c) => c.code === 'SAVE20' && c.discount === 20)).toBe(true);
    const expired = rows.find((c) => c.code === 'SPRING15');
    expect(expired!.expiresAt!.getTime()).toBeLessThan(Date.now());
  });

  it('writes delivery zones for five metros with their own fees and dates, cash on delivery, and the rest of India', async () => {
    const zones = await t.db.select().from(deliveryZones);
    const byName = new Map(zones.map((z) => [z.name, z]));
    expect([...byName.keys()].sort()).toEqual([
      'Bengaluru',
      'Chennai',
      'Delhi',
      'Kolkata',
      'Mumbai',
      'Rest of India',
    ]);
    expect(byName.get('Rest of India')).toMatchObject({
      isDefault: true,
      delivers: true,
      feePaise: 5_000,
      freeAbovePaise: 14_000,
    });
    expect(zones.filter((z) => !z.isDefault).every((z) => z.cod)).toBe(true);
    expect(new Set(zones.map((z) => `${z.feePaise}/${z.maxDays}`)).size).toBeGreaterThan(3);
    const check = async (pincode: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=${pincode}` })).json();
    expect(await check('400001')).toMatchObject({ deliverable: true, fee: 40, cod: true });
    expect(await check('700091')).toMatchObject({ deliverable: true, fee: 60, freeAbove: 250 });
    expect(await check('799001')).toMatchObject({ deliverable: true, fee: 50, freeAbove: 140, cod: true });
    const [calendar] = await t.db.select().from(deliverySettings);
    expect(calendar?.holidays).toContain(`${new Date().getUTCFullYear()}-08-15`);
  });

  it('gives the demo customer an order history, placed and moved through the order lifecycle', async () => {
    const rows = await t.db.select().from(orders);
    expect(rows).toHaveLength(DEMO_ORDERS.length);
    const statuses = rows.map((o) => o.status);
    for (const status of [
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Completed',
      'Cancelled',
      'Refunded',
    ]) {
      expect(statuses, status).toContain(status);
    }
    const [customer] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    expect(rows.every((o) => o.userId === customer!.id)).toBe(true);
    // Every paid order has the captured payment that paid it, marked as demo data.
    const paid = rows.filter((o) => o.paidAt);
    const captured = await t.db.select().from(payments).where(eq(payments.status, 'captured'));
    expect(captured.map((p) => p.orderId).sort()).toEqual(paid.map((o) => o.id).sort());
    expect(captured.every((p) => p.provider === 'demo')).toBe(true);
    // Each move is in the status history, after the placing.
    const history = await t.db.select().from(orderStatusHistory);
    const moves = DEMO_ORDERS.reduce((n, o) => n + o.moves.length + 1, 0);
    expect(history).toHaveLength(moves);
    // The order with a coupon counted one use of it.
    const [save20] = await t.db.select().from(coupons).where(eq(coupons.code, 'SAVE20'));
    expect(save20!.usedCount).toBe(1);
    expect(rows.find((o) => o.couponCode === 'SAVE20')!.discountPaise).toBeGreaterThan(0);
  });

  it('is a no-op when products exist', async () => {
    const before = await counts(t);
    await seedDemoIfEmpty({ db: t.db, storage: t.deps.storage, log: t.app.log, passwords });
    expect(await counts(t)).toEqual(before);
  });
});

describe('seedDemoIfEmpty after an admin made categories and accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps existing nodes and accounts and still seeds the whole catalogue', async () => {
    const [electronics] = await t.db
      .insert(categories)
      .values({ name: 'Electronics', depth: 0, position: 0 })
      .returning();
    await t.db.insert(categories).values({ name: 'Audio', depth: 1, position: 0, parentId: electronics!.id });
    await t.db
      .insert(users)
      .values({ name: 'Early Bird', email: 'ADMIN@bazaar.local', passwordHash: null, isAdmin: true });

    await seedDemoIfEmpty({ db: t.db, storage: t.deps.storage, log: t.app.log, passwords });

    const top = await t.db.select().from(categories).where(sql`${categories.depth} = 0`);
    expect(top.filter((c) => c.name === 'Electronics')).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(products))[0]!.n).toBeGreaterThanOrEqual(80);
    const admins = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS.admin.email}`);
    expect(admins).toHaveLength(1);
    expect(admins[0]!.name).toBe('Early Bird');
    const customer = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    expect(customer).toHaveLength(1);
  });
});

describe('seedDemoIfEmpty on a real server (accounts: false)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('seeds the catalogue but no account with a published password', async () => {
    await seedDemoIfEmpty({ db: t.db, storage: t.deps.storage, log: t.app.log, accounts: false, passwords });
    const c = await counts(t);
    expect(c.products).toBeGreaterThanOrEqual(80);
    expect(c.users).toBe(0);
    expect(await t.db.select().from(orders)).toEqual([]);
  });
});
