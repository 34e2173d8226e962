import { discountedPaise, lineRefund, type WeightedLine } from '@bazaar/shared';
import type { OrderItemRow, OrderRow } from '../orders/index';

/**
 * Each order line's weight for sharing the order's total (packages/shared line-refunds.ts): the
 * stored pricing's goods line total (coupon share and tax in it) when the order kept its pricing and
 * its lines match, else the line's price after the product's discount. Pricing lines follow the cart's
 * order, the order's lines their ids: they are matched by quantity and unit price (lines alike in
 * both are interchangeable).
 */
export function refundableLines(order: OrderRow, items: readonly OrderItemRow[]): WeightedLine[] {
  const byPrice = items.map((item) => ({
    quantity: item.quantity,
    weightPaise: discountedPaise(item.unitPricePaise, item.discount) * item.quantity,
  }));
  const goods = order.pricing?.lines.filter((l) => l.kind === 'goods');
  if (!goods || goods.length !== items.length) return byPrice;
  const used = new Set<number>();
  const weights: number[] = [];
  for (const item of items) {
    const k = goods.findIndex(
      (g, i) => !used.has(i) && g.quantity === item.quantity && g.unitPricePaise === item.unitPricePaise,
    );
    if (k < 0) return byPrice;
    used.add(k);
    weights.push(goods[k]!.totalPaise);
  }
  return items.map((item, i) => ({ quantity: item.quantity, weightPaise: weights[i]! }));
}

/**
 * What giving back `units` (by order item id) refunds now: every line's part and the sum, with the
 * units already refunded (`done`) and what remains of the payment taken into account.
 */
export function unitsRefund(
  order: OrderRow,
  items: readonly OrderItemRow[],
  done: ReadonlyMap<string, number>,
  units: ReadonlyMap<string, number>,
  remainingPaise: number,
): { perItem: Map<string, number>; totalPaise: number } {
  const result = lineRefund(order.totalPaise, refundableLines(order, items), {
    done: items.map((i) => done.get(i.id) ?? 0),
    units: items.map((i) => units.get(i.id) ?? 0),
    remainingPaise,
  });
  return {
    perItem: new Map(items.map((item, i) => [item.id, result.perLine[i]!])),
    totalPaise: result.totalPaise,
  };
}
