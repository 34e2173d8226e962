import { type AdminHoldsReply, idSchema } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/index';
import { imageUrl } from '../catalogue/index';
import type { SettingsService } from '../settings/index';
import type { CatalogueCache } from './catalogue-port';
import { findHeldUnits } from './hold-admin.repo';
import { moveOrder } from './order-lifecycle';
import { orderNumber } from './order-number';
import { findItemsOfOrders, lockOrder } from './orders.repo';

/** The most unpaid order lines one listing reads; a shop with more sees the ones ending soonest. */
const HOLDS_LISTED = 2000;

export interface HoldAdminServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  audit: AuditService;
  settings: Pick<SettingsService, 'holdRules'>;
  catalogue: CatalogueCache;
}

export interface ReleaseOutcome {
  released: string[];
  skipped: { orderId: string; reason: string }[];
}

/**
 * The admin's view of stock held by unpaid orders (who holds how many of what, until when) and
 * releasing it: each chosen order is cancelled through the lifecycle (stock and coupon back), with
 * its audit entry in the same transaction. Its units still count against the shopper until the
 * order's deadline and cannot be placed again before it, so a release is not undone by re-ordering.
 */
export class HoldAdminService {
  constructor(private readonly deps: HoldAdminServiceDeps) {}

  async list(): Promise<AdminHoldsReply> {
    const { db, settings } = this.deps;
    const [rows, rules] = await Promise.all([findHeldUnits(db, HOLDS_LISTED + 1), settings.holdRules(db)]);
    const byProduct = new Map<string, AdminHoldsReply['products'][number]>();
    for (const row of rows.slice(0, HOLDS_LISTED)) {
      let entry = byProduct.get(row.productId);
      if (!entry) {
        entry = {
          product: {
            _id: row.productId,
            name: row.productName,
            image: row.productImage ? imageUrl(row.productImage) : null,
            countInStock: row.countInStock,
          },
          held: 0,
          holds: [],
        };
        byProduct.set(row.productId, entry);
      }
      entry.held += row.quantity;
      entry.holds.push({
        orderId: row.orderId,
        orderNumber: orderNumber(row.orderId),
        customer: { _id: row.userId, name: row.customerName, email: row.customerEmail },
        quantity: row.quantity,
        placedAt: row.placedAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      });
    }
    return {
      products: [...byProduct.values()].sort(
        (a, b) => b.held - a.held || a.product.name.localeCompare(b.product.name),
      ),
      limits: {
        units: rules.unitsPerShopper,
        percent: rules.percentPerShopper,
        addressMultiple: rules.addressMultiple,
      },
      truncated: rows.length > HOLDS_LISTED,
    };
  }

  /**
   * Cancels each unpaid order named, one transaction per order (a refusal of one leaves the others
   * released): orders paid, cancelled or gone meanwhile are skipped with the reason.
   */
  async release(actor: Actor, orderIds: readonly string[]): Promise<ReleaseOutcome> {
    const { db, clock, audit } = this.deps;
    const outcome: ReleaseOutcome = { released: [], skipped: [] };
    for (const orderId of new Set(orderIds)) {
      const at = clock.now();
      try {
        const skipped = await inTransaction(db, async (tx) => {
          const order = idSchema.safeParse(orderId).success ? await lockOrder(tx, orderId) : undefined;
          if (!order) return 'Order not found';
          if (order.status !== 'Pending')
            return `This order is ${order.status}, no longer waiting for payment.`;
          const items = await findItemsOfOrders(tx, [order.id]);
          await moveOrder(
            tx,
            order,
            'Cancelled',
            { kind: 'admin', userId: actor.id },
            {
              at,
              note: 'hold released by a shop administrator',
            },
          );
          await audit.record(tx, actor, {
            action: 'order.release-hold',
            entityId: order.id,
            summary: `Released the unpaid order #${orderNumber(order.id)} of ${order.email}: ${items
              .map((i) => `${i.name} × ${i.quantity}`)
              .join(', ')}`,
            before: { status: 'Pending', expiresAt: order.expiresAt?.toISOString() ?? null },
            after: { status: 'Cancelled' },
          });
          return undefined;
        });
        if (skipped) outcome.skipped.push({ orderId, reason: skipped });
        else outcome.released.push(orderId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome.skipped.push({ orderId, reason: error.message });
      }
    }
    if (outcome.released.length > 0) await this.stockChanged(outcome.released);
    return outcome;
  }

  /** The released orders' products are back on the shelf: the catalogue's cached pages of them are dropped everywhere. */
  private async stockChanged(orderIds: readonly string[]): Promise<void> {
    try {
      const items = await findItemsOfOrders(this.deps.db, orderIds);
      const ids = [...new Set(items.flatMap((i) => (i.productId ? [i.productId] : [])))];
      await this.deps.catalogue.invalidate(ids);
    } catch (err) {
      this.deps.log.warn({ err }, 'catalogue cache not refreshed after releasing holds');
    }
  }
}
