import {
  type CarriersBody,
  idSchema,
  OTHER_CARRIER,
  type ShipOrderInput,
  trackingLink,
} from '@bazaar/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { shopDate } from '../../lib/shop-time';
import type { Actor, AuditService } from '../audit/index';
import type { NotifyService } from '../notify/index';
import { lockOrder } from './order-admin.repo';
import { moveOrder } from './order-lifecycle';
import { orderNumber } from './order-number';
import {
  type CarrierRow,
  findCarriers,
  insertShipment,
  replaceCarriers,
  type ShipmentRow,
} from './shipments.repo';

export interface ShipmentAdminServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  notify: Pick<NotifyService, 'enqueue'>;
  config: { publicUrl: string };
}

const shortId = (id: string) => `#${id.slice(0, 8)}`;

/**
 * Shipping: the shop's carriers (each with its tracking address) and the admin's Ship, which records
 * the shipment and moves the order Processing → Shipped in one transaction (the lifecycle's guard
 * wants the shipment), audits it and queues the shopper's "shipped" message with its tracking link.
 */
export class ShipmentAdminService {
  constructor(private readonly deps: ShipmentAdminServiceDeps) {}

  carriers(): Promise<CarrierRow[]> {
    return findCarriers(this.deps.db);
  }

  async setCarriers(actor: Actor, body: Required<CarriersBody>): Promise<CarrierRow[]> {
    return inTransaction(this.deps.db, async (tx) => {
      const before = await findCarriers(tx);
      const after = await replaceCarriers(tx, body.carriers);
      await this.deps.audit.record(tx, actor, {
        action: 'settings.carriers',
        entityId: null,
        summary: `Carriers: ${after.map((c) => c.name).join(', ') || 'none'}`,
        before: { carriers: before.map(({ name, trackingUrl }) => ({ name, trackingUrl })) },
        after: { carriers: after.map(({ name, trackingUrl }) => ({ name, trackingUrl })) },
      });
      return after;
    });
  }

  async ship(actor: Actor, orderId: string, input: ShipOrderInput): Promise<ShipmentRow> {
    const { db, clock } = this.deps;
    const at = clock.now();
    if (input.expectedDelivery < shopDate(at)) {
      throw badRequest('Expected delivery cannot be before today.', {
        expectedDelivery: 'Expected delivery cannot be before today.',
      });
    }
    const { carrier, trackingUrl } = await this.resolveCarrier(input);
    return inTransaction(db, async (tx) => {
      const order = idSchema.safeParse(orderId).success ? await lockOrder(tx, orderId) : undefined;
      if (!order) throw notFound('Order not found');
      // Before the shipment's insert: a second Ship would otherwise meet the one-shipment constraint.
      if (order.status !== 'Processing') {
        throw conflict(
          order.status === 'Pending'
            ? 'This order is not paid yet, so it cannot be shipped.'
            : `This order is ${order.status}: only a paid order waiting to ship can be shipped.`,
        );
      }
      const shipment = await insertShipment(tx, {
        orderId: order.id,
        carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl,
        expectedDelivery: input.expectedDelivery,
        shippedBy: actor.id,
        createdAt: at,
      });
      await moveOrder(
        tx,
        order,
        'Shipped',
        { kind: 'admin', userId: actor.id },
        { at, note: input.note ?? `${carrier} ${input.trackingNumber}` },
      );
      await this.deps.audit.record(tx, actor, {
        action: 'order.ship',
        entityId: order.id,
        summary: `Order ${shortId(order.id)}: Processing → Shipped`,
        before: { status: order.status },
        after: {
          status: 'Shipped',
          carrier,
          trackingNumber: input.trackingNumber,
          expectedDelivery: input.expectedDelivery,
        },
      });
      await this.deps.notify.enqueue(
        tx,
        'order_shipped',
        { email: order.email, phone: order.phone },
        {
          name: order.name,
          orderNumber: orderNumber(order.id),
          courier: carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: trackingUrl ?? new URL(`/orders/${order.id}`, this.deps.config.publicUrl).href,
        },
        { orderId: order.id },
      );
      return shipment;
    });
  }

  private async resolveCarrier(
    input: ShipOrderInput,
  ): Promise<{ carrier: string; trackingUrl: string | null }> {
    if (input.carrier === OTHER_CARRIER) {
      return { carrier: input.carrierName!, trackingUrl: input.trackingUrl ?? null };
    }
    const listed = (await findCarriers(this.deps.db)).find((c) => c.id === input.carrier);
    if (!listed) {
      throw badRequest('That carrier is not in the shop’s list. Choose another, or Other.', {
        carrier: 'Unknown carrier',
      });
    }
    return { carrier: listed.name, trackingUrl: trackingLink(listed.trackingUrl, input.trackingNumber) };
  }
}
