import { idSchema } from '@bazaar/shared';
import type { OrderStatus } from '@bazaar/shared/constants';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { type Actor, moveOrder } from './order-lifecycle';
import { findOrderById, type OrderRow } from './orders.repo';

export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
}

/** Orders. Today only their lifecycle; checkout adds placing and paying, the admin issue listing them. */
export class OrdersService {
  constructor(private readonly deps: OrdersServiceDeps) {}

  /** Moves an order along its lifecycle (see order-lifecycle.ts), now, on behalf of `actor`. */
  async move(orderId: string, to: OrderStatus, actor: Actor, note?: string): Promise<OrderRow> {
    const order = idSchema.safeParse(orderId).success
      ? await findOrderById(this.deps.db, orderId)
      : undefined;
    if (!order) throw notFound('Order not found');
    return moveOrder(this.deps.db, order, to, actor, { at: this.deps.clock.now(), note });
  }
}
