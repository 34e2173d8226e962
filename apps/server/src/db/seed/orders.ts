import { cartTotals, DEFAULT_PRICING, type OrderStatus } from '@bazaar/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { shopDate } from '../../lib/shop-time';
import { insertShipment, moveOrder, type OrderActor } from '../../modules/orders/index';
import type { Tx } from '../client';
import { shippingCarriers } from '../schema/after-sale';
import { products } from '../schema/catalogue';
import { orderItems, orderStatusHistory, orders, payments, unpaidHolds } from '../schema/orders';
import { couponRedemptions, coupons } from '../schema/shopping';
import { DEMO_DEFAULT_ZONE } from './delivery';

const HOUR_MS = 60 * 60 * 1000;

/** The provider of the demo's paid orders: no money moved, and the admin's payment screens say so. */
export const DEMO_PAYMENT_PROVIDER = 'demo';

export interface DemoOrder {
  items: { product: string; quantity: number; colour?: string; size?: string }[];
  placedHoursAgo: number;
  /**
   * The moves after placing it, each `hours` after the one before; `by: 'shop'` for the shop's own
   * (a payment window that closed unpaid).
   */
  moves: { to: OrderStatus; hours: number; by?: 'shop' }[];
  coupon?: string;
  address: { street: string; apartment?: string; city: string; state: string; pinCode: string };
}

/**
 * The demo customer's order history, spread over the last month so the admin's
 * dashboard, list and chart have something to show: paid, shipped, delivered and
 * completed orders, one awaiting payment, two paid and waiting to ship, one she
 * cancelled, one whose payment window closed unpaid, and one returned and
 * refunded. Pending → Processing is a payment the "demo" provider captured.
 *
 * Every order gets the payment window checkout gives it. The one awaiting payment
 * was placed minutes before the seed, so its window is still open: she can Pay now
 * or Delete it, like any order of hers (an unpaid order with no window would be
 * neither payable nor deletable, yet count towards her unpaid orders). Only one
 * waits: with MAX_UNPAID_ORDERS at 3, a declined card leaves her room to order again.
 */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    items: [
      { product: 'Ceramic Coffee Mug Set of 2', quantity: 2, colour: 'blue' },
      { product: 'Insulated Steel Water Bottle 1L', quantity: 1, colour: 'green' },
    ],
    placedHoursAgo: 27 * 24,
    moves: [
      { to: 'Processing', hours: 0.1 },
      { to: 'Shipped', hours: 20 },
      { to: 'Delivered', hours: 70 },
      { to: 'Completed', hours: 24 * 8 },
    ],
    address: { street: '14 Residency Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560025' },
  },
  {
    items: [{ product: 'Wireless Over-Ear Headphones', quantity: 1, colour: 'black' }],
    placedHoursAgo: 21 * 24 + 5,
    moves: [
      { to: 'Processing', hours: 0.2 },
      { to: 'Shipped', hours: 30 },
      { to: 'Delivered', hours: 50 },
    ],
    address: {
      street: '7 Linking Road',
      apartment: 'Flat 12B',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400050',
    },
  },
  {
    items: [{ product: 'Anti-Slip Yoga Mat 6mm', quantity: 1, colour: 'purple' }],
    placedHoursAgo: 16 * 24 + 3,
    moves: [
      { to: 'Processing', hours: 0.1 },
      { to: 'Shipped', hours: 18 },
      { to: 'Delivered', hours: 60 },
      { to: 'Returned', hours: 72 },
      { to: 'Refunded', hours: 30 },
    ],
    address: { street: '22 Park Street', city: 'Kolkata', state: 'West Bengal', pinCode: '700016' },
  },
  {
    items: [{ product: 'Block Print Cotton Kurta', quantity: 2, colour: 'blue', size: 'M' }],
    placedHoursAgo: 11 * 24 + 8,
    moves: [{ to: 'Cancelled', hours: 2 }],
    address: { street: '3 MI Road', city: 'Jaipur', state: 'Rajasthan', pinCode: '302001' },
  },
  {
    items: [
      { product: 'Portable Bluetooth Speaker', quantity: 1, colour: 'red' },
      { product: 'Ceramic Coffee Mug Set of 2', quantity: 1, colour: 'white' },
    ],
    placedHoursAgo: 6 * 24 + 2,
    moves: [
      { to: 'Processing', hours: 0.1 },
      { to: 'Shipped', hours: 26 },
      { to: 'Delivered', hours: 48 },
    ],
    coupon: 'SAVE20',
    address: { street: '14 Residency Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560025' },
  },
  {
    items: [{ product: 'Running Sneakers', quantity: 1, colour: 'grey', size: '9' }],
    placedHoursAgo: 3 * 24 + 4,
    moves: [
      { to: 'Processing', hours: 0.1 },
      { to: 'Shipped', hours: 22 },
    ],
    address: {
      street: '9 Anna Salai',
      apartment: 'Door 4',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pinCode: '600002',
    },
  },
  {
    items: [{ product: 'Memory Foam Pillow', quantity: 2, colour: 'white' }],
    placedHoursAgo: 30,
    moves: [{ to: 'Processing', hours: 0.1 }],
    address: { street: '14 Residency Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560025' },
  },
  {
    items: [{ product: 'Analog Steel Watch', quantity: 1, colour: 'silver' }],
    placedHoursAgo: 5,
    moves: [{ to: 'Processing', hours: 0.1 }],
    address: { street: '11 Hazratganj', city: 'Lucknow', state: 'Uttar Pradesh', pinCode: '226001' },
  },
  {
    items: [{ product: 'Insulated Steel Water Bottle 1L', quantity: 3, colour: 'black' }],
    placedHoursAgo: 2,
    // Never paid: the payment window closed and the shop gave the stock back.
    moves: [{ to: 'Cancelled', hours: 0.5, by: 'shop' }],
    address: { street: '14 Residency Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560025' },
  },
  {
    // Awaiting payment, its window open (placed three minutes before the seed): the newest order.
    items: [{ product: 'Rattan Table Lamp', quantity: 1, colour: 'beige' }],
    placedHoursAgo: 0.05,
    moves: [],
    address: { street: '5 FC Road', city: 'Pune', state: 'Maharashtra', pinCode: '411004' },
  },
];

/** The carriers a demo shop lists (examples an admin edits in Shop Settings); its parcels go with the first. */
export const DEMO_CARRIERS = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{tracking}' },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={tracking}' },
];

/** The payment window of a shop whose settings name none (ORDER_PAYMENT_WINDOW_MINUTES' default). */
export const DEMO_PAYMENT_WINDOW_MS = 30 * 60_000;

/** Counts the coupon's use by a paid order, unless the lifecycle's payment effects already did. */
async function countRedemption(tx: Tx, couponId: string, orderId: string, userId: string): Promise<void> {
  const [counted] = await tx
    .insert(couponRedemptions)
    .values({ couponId, userId, orderId })
    .onConflictDoNothing()
    .returning();
  if (counted) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(eq(coupons.id, couponId));
  }
}

/**
 * Who makes each move in the demo: the shop takes payments and refunds and ends unpaid orders whose
 * window closed, the admin ships, the shopper cancels.
 */
function actorFor(move: DemoOrder['moves'][number], adminId: string, shopperId: string): OrderActor {
  const { to } = move;
  if (to === 'Processing' || to === 'Refunded' || move.by === 'shop') return { kind: 'system' };
  if (to === 'Cancelled') return { kind: 'shopper', userId: shopperId };
  return { kind: 'admin', userId: adminId };
}

/**
 * Places the demo orders for the demo customer, as checkout will: stock taken
 * when placed, prices copied, totals by the shared pricing rule, a payment window
 * of `windowMs` and, for the order still awaiting payment, its holds; then moves
 * them through the order lifecycle (its guards, effects and status history). Runs
 * in the seed's transaction; returns how many orders it placed.
 */
export async function seedDemoOrders(
  tx: Tx,
  people: { customer: { id: string; name: string; email: string; phone: string }; adminId: string },
  now: Date,
  windowMs: number = DEMO_PAYMENT_WINDOW_MS,
): Promise<number> {
  const names = [...new Set(DEMO_ORDERS.flatMap((o) => o.items.map((i) => i.product)))];
  const rows = await tx.select().from(products).where(inArray(products.name, names));
  const byName = new Map(rows.map((p) => [p.name, p]));
  const pricing = {
    ...DEFAULT_PRICING,
    // The demo's orders were placed before a pincode was asked for: the default zone's figures.
    shippingFeePaise: DEMO_DEFAULT_ZONE.feePaise,
    freeShippingThresholdPaise: DEMO_DEFAULT_ZONE.freeAbovePaise,
  };
  await tx
    .insert(shippingCarriers)
    .values(DEMO_CARRIERS.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing();
  let placed = 0;
  for (const [index, demo] of DEMO_ORDERS.entries()) {
    // Most Indian shoppers pay by UPI; the demo's history shows cards too.
    const paidWith = index % 3 === 2 ? 'card' : 'upi';
    const lines = demo.items.map((item) => ({ item, product: byName.get(item.product) }));
    if (lines.some((l) => !l.product)) continue;
    const [coupon] = demo.coupon
      ? await tx.select().from(coupons).where(eq(coupons.code, demo.coupon)).limit(1)
      : [];
    const totals = cartTotals(
      lines.map(({ item, product }) => ({
        unitPricePaise: product!.pricePaise,
        discount: product!.discount,
        quantity: item.quantity,
      })),
      coupon?.discount ?? 0,
      pricing,
    );
    let at = new Date(now.getTime() - demo.placedHoursAgo * HOUR_MS);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: people.customer.id,
        name: people.customer.name,
        email: people.customer.email,
        phone: people.customer.phone,
        shippingAddress: { ...demo.address, country: 'India' },
        paymentMethod: 'card',
        subtotalPaise: totals.subTotalPaise,
        discountPaise: totals.couponDiscountPaise,
        couponCode: coupon?.code ?? null,
        couponDiscount: coupon?.discount ?? 0,
        shippingPaise: totals.shippingPaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.totalPaise,
        expiresAt: new Date(at.getTime() + windowMs),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    // Each line's variant (its colour and size) sells as checkout sells it, with its ledger row.
    const variantOf = new Map<(typeof lines)[number], string>();
    for (const line of lines) {
      const { item, product } = line;
      const [row] = await tx
        .insert(orderItems)
        .values({
          orderId: order!.id,
          productId: product!.id,
          name: product!.name,
          image: product!.productImage,
          quantity: item.quantity,
          unitPricePaise: product!.pricePaise,
          discount: product!.discount,
          colour: item.colour ?? null,
          size: item.size ?? null,
        })
        .returning({ variantId: orderItems.variantId });
      const sold = (await tx.execute(
        sql`select inventory_move(${row!.variantId}::uuid, ${-item.quantity}::int, 'sale', ${order!.id}::uuid, null) as "left"`,
      )) as unknown as { rows: { left: number | null }[] };
      if (sold.rows[0]?.left === null) throw new Error(`demo order: ${product!.name} has too few in stock`);
      variantOf.set(line, row!.variantId!);
    }
    await tx.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: 'Pending',
      actor: 'shopper',
      changedBy: people.customer.id,
      note: 'Order placed',
      createdAt: at,
    });
    let current = order!;
    for (const move of demo.moves) {
      at = new Date(at.getTime() + move.hours * HOUR_MS);
      if (move.to === 'Processing') {
        await tx.insert(payments).values({
          orderId: current.id,
          provider: DEMO_PAYMENT_PROVIDER,
          providerOrderId: `demo_${current.id}`,
          providerPaymentId: `demo_pay_${current.id.slice(0, 8)}`,
          amountPaise: current.totalPaise,
          status: 'captured',
          method: paidWith,
          email: people.customer.email,
          createdAt: at,
          updatedAt: at,
        });
      }
      if (move.to === 'Shipped') {
        const trackingNumber = `DL${current.id.replace(/\D/g, '').slice(0, 10).padEnd(10, '7')}`;
        await insertShipment(tx, {
          orderId: current.id,
          carrier: DEMO_CARRIERS[0]!.name,
          trackingNumber,
          trackingUrl: DEMO_CARRIERS[0]!.trackingUrl.replace('{tracking}', trackingNumber),
          expectedDelivery: shopDate(new Date(at.getTime() + 4 * 24 * HOUR_MS)),
          shippedBy: people.adminId,
          createdAt: at,
        });
      }
      const note = move.by === 'shop' ? 'payment not received in time; stock released' : undefined;
      current = await moveOrder(tx, current, move.to, actorFor(move, people.adminId, people.customer.id), {
        at,
        note,
      });
      if (move.to === 'Processing') {
        await tx.update(orders).set({ paidWith }).where(eq(orders.id, current.id));
        if (coupon) await countRedemption(tx, coupon.id, current.id, people.customer.id);
      }
    }
    if (current.status === 'Pending') {
      // What checkout records for an unpaid order: each variant's units, held by her until its deadline.
      const units = new Map<string, { productId: string; quantity: number }>();
      for (const line of lines) {
        const variantId = variantOf.get(line)!;
        const held = units.get(variantId) ?? { productId: line.product!.id, quantity: 0 };
        held.quantity += line.item.quantity;
        units.set(variantId, held);
      }
      await tx.insert(unpaidHolds).values(
        [...units].map(([variantId, { productId, quantity }]) => ({
          orderId: current.id,
          productId,
          variantId,
          userId: people.customer.id,
          quantity,
          expiresAt: current.expiresAt!,
          createdAt: current.createdAt,
        })),
      );
    }
    placed++;
  }
  return placed;
}
