import { cartTotals, discountedPaise } from '@bazaar/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { cartItems, carts, coupons } from '../../db/schema/shopping';
import { conflict, notFound } from '../../lib/errors';
import { imageUrl } from '../catalogue/image-url';
import type { CheckoutCart, CheckoutCartView, CouponRules } from './checkout-ports';

// TEMPORARY: stands in for the cart issue's CartService and CouponsService until that branch lands,
// reading the same tables. Removed by the merge that brings them.

export const COUPON_MESSAGES = {
  notFound: 'This coupon code does not exist.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has no redemptions left.',
} as const;

export class InterimCart implements CheckoutCart, CouponRules {
  async priced(db: DbOrTx, userId: string, options: { lock: boolean }): Promise<CheckoutCartView> {
    const query = db.select().from(carts).where(eq(carts.userId, userId));
    const [cart] = options.lock ? await query.for('update') : await query;
    if (!cart) return { cartId: null, lines: [], coupon: null, totals: cartTotals([]) };
    const rows = await db
      .select({ item: cartItems, product: products })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.cartId, cart.id), isNull(products.archivedAt)))
      .orderBy(cartItems.createdAt, cartItems.id);
    const lines = rows.map(({ item, product }) => ({
      productId: product.id,
      name: product.name,
      image: product.productImage ? imageUrl(product.productImage) : null,
      colour: item.colour || null,
      size: item.size || null,
      quantity: item.quantity,
      unitPricePaise: product.pricePaise,
      discountPercent: product.discount,
      linePaise: discountedPaise(product.pricePaise, product.discount) * item.quantity,
      stock: product.countInStock,
    }));
    let coupon: CheckoutCartView['coupon'] = null;
    if (cart.couponId) {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, cart.couponId));
      const usable =
        row &&
        (!row.expiresAt || row.expiresAt > new Date()) &&
        (row.usageLimit === null || row.usedCount < row.usageLimit);
      if (usable) coupon = { id: row.id, code: row.code, discount: row.discount };
    }
    const totals = cartTotals(
      lines.map((l) => ({
        unitPricePaise: l.unitPricePaise,
        discount: l.discountPercent,
        quantity: l.quantity,
      })),
      coupon?.discount ?? 0,
    );
    return { cartId: cart.id, lines, coupon, totals };
  }

  async clear(db: DbOrTx, userId: string): Promise<void> {
    const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    if (!cart) return;
    await db.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await db.update(carts).set({ couponId: null }).where(eq(carts.id, cart.id));
  }

  async usable(db: DbOrTx, code: string, now: Date): Promise<void> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()));
    if (!row) throw notFound(COUPON_MESSAGES.notFound);
    if (row.expiresAt && row.expiresAt <= now) throw conflict(COUPON_MESSAGES.expired);
    if (row.usageLimit !== null && row.usedCount >= row.usageLimit) throw conflict(COUPON_MESSAGES.usedUp);
  }
}
