import { count, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PasswordHasher } from '../../lib/password';
import type { FileStorage } from '../../lib/storage';
import type { Db, DbOrTx, Tx } from '../client';
import { categories, coupons, products, shopSettings, users } from '../schema/index';
import { DEMO_ACCOUNTS } from './accounts';
import { CATEGORY_TREE, type SeedCategory } from './categories';
import { seedDemoDelivery } from './delivery';
import { imageKeys, mapLimit, productImages } from './images';
import { seedDemoOrders } from './orders';
import { DemoPictures } from './prerendered';
import { DEMO_PRODUCTS } from './products';
import { couponRows, DEMO_SHOP_SETTINGS } from './shop';

export { DEMO_ACCOUNTS } from './accounts';
export { CATEGORY_TREE } from './categories';
export { DEMO_DEFAULT_ZONE, DEMO_ZONES } from './delivery';
export { DEMO_ORDERS } from './orders';
export { DEMO_PRODUCTS } from './products';
export { DEMO_COUPONS, DEMO_SHOP_SETTINGS } from './shop';

export interface SeedContext {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /**
   * Seed the demo admin and customer too. Only the embedded demo does: on a real
   * server, accounts with published passwords would be a way in.
   */
  accounts?: boolean;
  /** How the demo passwords are hashed (production's cost unless a test says otherwise). */
  passwords?: PasswordHasher;
  /** Where the demo's pictures come from (the build's renderings, else rendered now). */
  pictures?: DemoPictures;
  /** The shop's payment window (ORDER_PAYMENT_WINDOW_MINUTES): how long the demo's unpaid order waits. */
  paymentWindowMs?: number;
}

/** Any fixed number: serialises seeding when several servers start against one database. */
const SEED_LOCK = 4_242_001;
/** Two pictures at a time (rendered when the build made none): the cores are shared with the start-up. */
const RENDER_CONCURRENCY = 2;
const HOUR_MS = 60 * 60 * 1000;

async function productCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/**
 * Fills an empty embedded database with the demo catalogue and accounts.
 * Images are written first (same keys each time, so a rerun simply overwrites them); every row
 * goes in one transaction, so a crash leaves either the whole demo or an empty catalogue.
 */
export async function seedDemoIfEmpty(ctx: SeedContext): Promise<void> {
  if ((await productCount(ctx.db)) > 0) return;
  const started = Date.now();

  const images = DEMO_PRODUCTS.flatMap(productImages);
  const withAccounts = ctx.accounts ?? true;
  const passwords = ctx.passwords ?? new PasswordHasher();
  // scrypt runs on libuv's threads: the two hashes are made while the catalogue goes in.
  const hashes = withAccounts
    ? Promise.all([
        passwords.hash(DEMO_ACCOUNTS.admin.password),
        passwords.hash(DEMO_ACCOUNTS.customer.password),
      ])
    : Promise.resolve(undefined);
  hashes.catch(() => {}); // awaited below; a failure before then must not go unhandled
  const pictures = ctx.pictures ?? new DemoPictures();
  await mapLimit(images, RENDER_CONCURRENCY, async (image) => {
    await ctx.storage.put(image.key, await pictures.bytes(image));
  });

  const now = new Date();
  const seeded = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await productCount(tx)) > 0) return undefined;

    const nodes = await insertCategoryTree(tx, CATEGORY_TREE);
    await tx.insert(products).values(
      DEMO_PRODUCTS.map((p) => {
        const [main, ...rest] = imageKeys(p);
        const createdAt = new Date(now.getTime() - (p.addedDaysAgo * 24 + p.addedHoursAgo) * HOUR_MS);
        return {
          name: p.name,
          title: p.title,
          description: p.description,
          pricePaise: p.pricePaise,
          discount: p.discount,
          rating: p.rating,
          numReviews: p.numReviews,
          countInStock: p.countInStock,
          category: p.category,
          subCategory: p.subCategory,
          option: p.option,
          subOption: p.subOption,
          brand: p.brand,
          material: p.material,
          sizes: p.sizes,
          colours: p.colours,
          images: [main!, ...rest],
          productImage: main!,
          tags: p.tags,
          sku: p.sku,
          seller: p.seller,
          madeIn: p.madeIn,
          isFeatured: p.isFeatured,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );

    const { admin, customer } = DEMO_ACCOUNTS;
    const [adminHash, customerHash] = (await hashes) ?? [];
    // An account registered before the first seed keeps its own password.
    if (adminHash && customerHash) {
      await tx
        .insert(users)
        .values([
          { ...accountRow(admin), passwordHash: adminHash },
          { ...accountRow(customer), passwordHash: customerHash },
        ])
        .onConflictDoNothing();
    }
    await tx.insert(shopSettings).values(DEMO_SHOP_SETTINGS).onConflictDoNothing();
    const zones = await seedDemoDelivery(tx, now);
    const couponList = couponRows(now);
    await tx.insert(coupons).values(couponList).onConflictDoNothing();
    // The demo customer's order history, only where the demo accounts are seeded.
    const people = withAccounts ? await demoPeople(tx) : undefined;
    const placed = people ? await seedDemoOrders(tx, people, now, ctx.paymentWindowMs) : 0;
    await soldOutLargestSizes(tx);
    return { nodes, coupons: couponList.length, orders: placed, zones };
  });

  if (!seeded) return;
  ctx.log.info(
    `Demo data seeded: ${CATEGORY_TREE.length} categories (${seeded.nodes} tree nodes), ` +
      `${DEMO_PRODUCTS.length} products, ${images.length} images, ${withAccounts ? 2 : 0} accounts, ${seeded.coupons} coupons, ${seeded.orders} orders, ${seeded.zones} delivery zones ` +
      `in ${Date.now() - started} ms`,
  );
}

/** The demo customer and admin as the database has them (an account made before the seed keeps its own row). */
async function demoPeople(tx: Tx) {
  const { admin, customer } = DEMO_ACCOUNTS;
  const found = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phoneNumber,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .where(inArray(users.email, [admin.email, customer.email]));
  const shopper = found.find((u) => u.email === customer.email && !u.isAdmin);
  const shopAdmin = found.find((u) => u.email === admin.email && u.isAdmin);
  if (!shopper || !shopAdmin) return undefined;
  return {
    customer: {
      id: shopper.id,
      name: shopper.name,
      email: shopper.email,
      phone: shopper.phone ?? customer.phoneNumber,
    },
    adminId: shopAdmin.id,
  };
}

function accountRow(account: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]) {
  return {
    name: account.name,
    email: account.email,
    phoneNumber: account.phoneNumber,
    isAdmin: account.isAdmin,
  };
}

interface PendingNode {
  name: string;
  parentKey: string;
  position: number;
}

/**
 * Inserts the tree level by level, keeping any node that already exists (an admin may have
 * made categories before adding products), so every product's path ends up in the table.
 * Returns how many tree nodes the demo names.
 */
async function insertCategoryTree(tx: Tx, tree: SeedCategory[]): Promise<number> {
  const levels: PendingNode[][] = [[], [], [], []];
  tree.forEach((cat, ci) => {
    levels[0]!.push({ name: cat.name, parentKey: '', position: ci });
    const catKey = cat.name;
    cat.subcategories.forEach((sub, si) => {
      levels[1]!.push({ name: sub.name, parentKey: catKey, position: si });
      const subKey = `${catKey}/${sub.name}`;
      sub.options.forEach((opt, oi) => {
        levels[2]!.push({ name: opt.name, parentKey: subKey, position: oi });
        const optKey = `${subKey}/${opt.name}`;
        (opt.subOptions ?? []).forEach((so, soi) => {
          levels[3]!.push({ name: so, parentKey: optKey, position: soi });
        });
      });
    });
  });

  // Path key ("Electronics/Audio") → id, from what is already there.
  const existing = await tx
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  const byId = new Map(existing.map((c) => [c.id, c]));
  const pathOf = (id: string): string => {
    const node = byId.get(id)!;
    return node.parentId ? `${pathOf(node.parentId)}/${node.name}` : node.name;
  };
  const ids = new Map(existing.map((c) => [pathOf(c.id), c.id]));

  for (const [depth, level] of levels.entries()) {
    const missing = level.filter((n) => !ids.has(n.parentKey ? `${n.parentKey}/${n.name}` : n.name));
    if (missing.length === 0) continue;
    const inserted = await tx
      .insert(categories)
      .values(
        missing.map((n) => ({
          name: n.name,
          depth,
          position: n.position,
          parentId: n.parentKey ? ids.get(n.parentKey)! : null,
        })),
      )
      .returning({ id: categories.id, name: categories.name, parentId: categories.parentId });
    for (const row of inserted) {
      byId.set(row.id, row);
      ids.set(pathOf(row.id), row.id);
    }
  }
  return levels.reduce((sum, level) => sum + level.length, 0);
}

/**
 * Real variants on the demo's clothes and shoes (every product with three sizes or more): in its first
 * colour the largest size is sold out, its units moved onto the first variant as adjustments, so the
 * product's own figure stays as listed and the product page shows a struck-through size.
 */
async function soldOutLargestSizes(tx: Tx): Promise<void> {
  await tx.execute(sql`
    with target as (
      select distinct on (v.product_id) v.id, v.product_id, v.stock
      from product_variants v join products p on p.id = v.product_id
      where cardinality(p.sizes) >= 3 and v.size = p.sizes[cardinality(p.sizes)]
        and (v.colour is null or v.colour = p.colours[1]) and v.stock > 0
      order by v.product_id, v.position),
    firsts as (
      select distinct on (v.product_id) v.id, v.product_id from product_variants v
      where v.product_id in (select product_id from target) order by v.product_id, v.position)
    select inventory_move(t.id, -t.stock, 'adjustment', null, null),
           inventory_move(f.id, t.stock, 'adjustment', null, null)
    from target t join firsts f using (product_id)`);
}
