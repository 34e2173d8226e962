import {
  CHECKOUT_MESSAGES,
  type CheckoutSummary,
  type CodOrderReply,
  type CreateOrderInput,
  idSchema,
  type MyOrder,
  type MyOrderDetail,
  type OrderPaymentReply,
  paiseToRupees,
  taxLines,
} from '@bazaar/shared';
import type { OrderStatus } from '@bazaar/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { killPoint } from '../../lib/kill-point';
import type { Mailer } from '../../lib/mailer/index';
import { ordersPlaced } from '../../lib/metrics';
import type { NotifyService } from '../notify/index';
import type { SettingsService } from '../settings/index';
import type { CatalogueCache } from './catalogue-port';
import type {
  AddressBook,
  CheckoutCart,
  CheckoutCartView,
  CouponRules,
  DeliveryQuotes,
} from './checkout-ports';
import { priceCheckout } from './checkout-pricing';
import { codOffer, codSummary, wantsCod } from './cod-checkout';
import { codOrderReply, codPlacing, placedCod } from './cod-placing';
import { findCartCoupon, findCouponLimit, holdCoupon } from './coupon-holds.repo';
import { deliveryAddress } from './delivery-address';
import type { InvoiceIssuer } from './invoice-port';
import { cancelOrder } from './order-cancellation';
import { toMyOrderDetail } from './order-detail-view';
import { type HoldCheck, OrderHolds } from './order-holds';
import { type Actor, moveOrder } from './order-lifecycle';
import { orderNumber } from './order-number';
import { type PaymentSettlement, settlePayment } from './order-settlement';
import { toMyOrder } from './order-view';
import {
  claimExpiredOrders,
  countUnpaidOrders,
  findItemsOfOrders,
  findLastDelivery,
  findOrderById,
  findOrdersOfUser,
  findStatusHistory,
  findVariantStock,
  insertOrder,
  insertStatusHistory,
  lockOrder,
  type OrderRow,
  setOrderExpiry,
  setShopperDeleted,
  takeStock,
} from './orders.repo';
import type { OrderPayments } from './payment-ports';
import { findOrderRefunds, findShipment, findShipmentsOfOrders } from './shipments.repo';
import { pruneHolds } from './unpaid-holds.repo';

/**
 * Where an order comes from, besides its account: the browser's signed device id and a keyed hash of
 * its network (orders.routes.ts). Hold limits count against each; null when the request has none.
 */
export interface OrderClient {
  deviceKey: string | null;
  addressKey: string | null;
}

export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  cart: CheckoutCart;
  coupons: CouponRules;
  /** The shopper's address book, whose chosen address the order copies. */
  addresses: AddressBook;
  /** The delivery zones: the fee for the address's pincode, or that it is not served. */
  delivery: DeliveryQuotes;
  /** Issues a paid order's invoice in the paying transaction. */
  invoices: InvoiceIssuer;
  /** The payments module, through the port orders declare (it calls back into settlePayment). */
  payments: OrderPayments;
  settings: SettingsService;
  catalogue: CatalogueCache;
  /** The confirmation mail of a paid order, and the address of My Orders it links to. */
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'>;
  /** The shopper hears of a cancellation (and its refund). */
  notify: Pick<NotifyService, 'enqueue'>;
}

/**
 * Unpaid orders one shopper may have at once: each holds stock for the payment window, so without a
 * bound one account could take a product off sale by placing orders it never pays.
 */
export const MAX_UNPAID_ORDERS = 3;

/** How many expired orders one process claims at a time. */
const EXPIRY_BATCH = 25;
/** How many ended holds one statement of the expiry job deletes. */
const PRUNE_BATCH = 500;

/** An expiring order claimed this long ago and still Pending is taken over by another process. */
const EXPIRY_CLAIM_STALE_MS = 2 * 60_000;

/** An order whose provider could not be asked is cancelled anyway once its window closed this long ago. */
const EXPIRY_UNANSWERED_MS = 60 * 60_000;

/**
 * Orders: placing one from the shopper's own cart (stock reserved, coupon held, provider order
 * asked for), paying it again, the shopper's list, deleting an unpaid one, the expiry of unpaid
 * orders, and every status move (order-lifecycle.ts).
 */
export class OrdersService {
  constructor(private readonly deps: OrdersServiceDeps) {}

  /** Moves an order along its lifecycle (see order-lifecycle.ts), now, on behalf of `actor`. */
  async move(orderId: string, to: OrderStatus, actor: Actor, note?: string): Promise<OrderRow> {
    const order = idSchema.safeParse(orderId).success
      ? await findOrderById(this.deps.db, orderId)
      : undefined;
    if (!order) throw notFound('Order not found');
    const moved = await moveOrder(this.deps.db, order, to, actor, { at: this.deps.clock.now(), note });
    await this.stockChanged([order.id]);
    return moved;
  }

  /** The order as it is now (for payments: whose it is, its window, whether it is paid), in `db` or a transaction. */
  find(orderId: string, db: DbOrTx = this.deps.db): Promise<OrderRow | undefined> {
    return findOrderById(db, orderId);
  }

  /** The order's row, locked until `tx` ends; payments lock their own row first, then the order's. */
  lockForPayment(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
    return lockOrder(tx, orderId);
  }

  /**
   * A captured payment for `order` (locked in `tx` by lockForPayment): pays it, or says why it cannot
   * (see order-settlement.ts). Called by the payments module, which records the payment first and
   * refunds a refused one.
   */
  settlePayment(
    tx: Tx,
    order: OrderRow,
    payment: { amountPaise: number; method: string | null; note: string },
  ): Promise<PaymentSettlement> {
    return settlePayment(this.deps, tx, order, payment);
  }

  /**
   * POST /orders. Prices the user's own cart with the shared rule (whatever the client says of
   * items, prices or payment is ignored); in one transaction, with the cart locked, writes the order
   * as Pending, then takes each product's stock and one use of the coupon by conditional updates
   * (products in id order, then the coupon, as every other transaction locks them, so none wait on
   * each other in a circle; last, so those rows are locked only until the commit), each within what
   * the shopper may hold (order-holds.ts: per account, device and network; units of an order they
   * deleted keep its deadline). Then asks the payment provider for an order of the total; if that
   * fails, the order is cancelled (stock and coupon back) and the shopper told to try again.
   */
  async place(
    userId: string,
    input: CreateOrderInput,
    client: OrderClient,
  ): Promise<OrderPaymentReply | CodOrderReply> {
    const { db, clock, payments, log } = this.deps;
    const now = clock.now();
    const order = await inTransaction(db, async (tx) => {
      const cart = await this.deps.cart.priced(tx, userId, { lock: true });
      if (cart.lines.length === 0) throw badRequest(CHECKOUT_MESSAGES.emptyCart);
      // The stock as priced, read without locking its row: in a flash sale the sold-out majority is
      // told at once instead of queueing behind the checkouts that hold the row until they commit. A
      // figure that is stale the other way is settled by reserveStock's conditional take.
      const short = wantedVariants(cart).find((w) => w.quantity > w.stock);
      if (short) throw await this.shortage(tx, short);
      // Counted with the cart row locked: two checkouts of one shopper take turns here.
      if ((await countUnpaidOrders(tx, userId)) >= MAX_UNPAID_ORDERS) {
        throw conflict(
          `You have ${MAX_UNPAID_ORDERS} orders waiting for payment. Pay or delete one of them in My Orders first.`,
        );
      }
      const shippingAddress = await deliveryAddress(tx, this.deps.addresses, userId, input);
      // Priced here, from the catalogue and settings as this transaction sees them; nothing the client
      // sends about money counts. The order keeps this pricing: a later tax-mode change never touches it.
      let { pricing, refusal } = await priceCheckout(this.deps, tx, cart, shippingAddress, now);
      if (refusal) throw conflict(refusal);
      // Cash on delivery (cod-placing.ts): the fee in the delivery charge, no hold limits (the stock is
      // held as for a paid order), awaiting the shopper's confirmation until its deadline.
      const cod = wantsCod(input)
        ? codPlacing(await codOffer(this.deps, tx, userId, cart, shippingAddress, pricing, now), now)
        : null;
      if (cod) pricing = cod.pricing;
      const holds = new OrderHolds(tx, { userId, ...client }, await this.deps.settings.holdRules(tx), now);
      const { totals } = pricing;
      const placed = await insertOrder(
        tx,
        {
          userId,
          status: 'Pending',
          name: input.name,
          email: input.email,
          phone: input.phone,
          shippingAddress,
          paymentMethod: payments.window.provider,
          // The sandbox takes no money: its orders are test orders, shown as such and never revenue.
          isTest: payments.window.provider === 'sandbox',
          subtotalPaise: totals.subTotalPaise,
          discountPaise: totals.couponDiscountPaise,
          couponCode: cart.coupon?.code ?? null,
          couponDiscount: cart.coupon?.discount ?? 0,
          couponId: cart.coupon?.id ?? null,
          shippingPaise: totals.shippingPaise,
          taxPaise: totals.taxPaise,
          totalPaise: totals.totalPaise,
          pricing,
          buyerGstin: input.buyerGstin ?? null,
          buyerLegalName: input.buyerGstin ? (input.buyerLegalName ?? input.name) : null,
          expiresAt: holds.payBy,
          createdAt: now,
          ...cod?.order,
        },
        cart.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          image: line.image,
          quantity: line.quantity,
          unitPricePaise: line.unitPricePaise,
          discount: line.discountPercent,
          colour: line.colour,
          size: line.size,
          variantId: line.variantId,
          sku: line.sku,
        })),
      );
      await insertStatusHistory(tx, {
        orderId: placed.id,
        fromStatus: null,
        toStatus: placed.status,
        actor: 'shopper',
        changedBy: userId,
        note: cod ? cod.note : 'placed; stock reserved until paid or expired',
        createdAt: now,
      });
      // Last, so the hot rows stay locked only until the commit that follows. Products, then the
      // coupon: the order every transaction that touches both locks them in.
      await this.reserveStock(tx, cart, cod ? null : holds, placed.id);
      await this.holdCartCoupon(tx, cart, now, cod ? null : holds);
      if (cod) {
        await placedCod(tx, this.deps, placed);
        return placed;
      }
      const deadline = await holds.record(placed.id);
      return deadline < placed.expiresAt! ? setOrderExpiry(tx, placed.id, deadline) : placed;
    });
    ordersPlaced.inc();
    await this.stockChanged([order.id]);
    if (order.status === 'Awaiting confirmation') return codOrderReply(order);
    try {
      return await this.paymentReply(order);
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'the payment provider did not take the order');
      await this.undoPlacing(order);
      throw new AppError('CONFLICT', CHECKOUT_MESSAGES.initiateFailed);
    }
  }

  /** POST /orders/{id}/pay: Pay now on an unpaid order of the caller's that has not expired. */
  async payAgain(userId: string, orderId: string): Promise<OrderPaymentReply> {
    const order = await this.ownOrder(userId, orderId);
    const open = order.status === 'Pending' && order.expiresAt && order.expiresAt > this.deps.clock.now();
    if (!open) {
      throw conflict(
        order.status === 'Pending' || order.status === 'Cancelled'
          ? 'This order expired before it was paid. Please place a new order.'
          : 'This order is already paid.',
      );
    }
    try {
      return await this.paymentReply(order);
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'the payment provider did not take the order');
      throw new AppError('CONFLICT', CHECKOUT_MESSAGES.initiateFailed);
    }
  }

  /**
   * GET /orders/checkout: the cart as the order would price it, the details used last time, and
   * what placing it now would meet: the hold window, a deadline kept from a deleted order, and
   * anything the shopper may not hold (the same checks placing makes, read without locking).
   */
  async checkoutSummary(userId: string, client: OrderClient, addressId?: string): Promise<CheckoutSummary> {
    const { db, clock } = this.deps;
    const cart = await this.deps.cart.priced(db, userId, { lock: false });
    const address = addressId
      ? await deliveryAddress(db, this.deps.addresses, userId, { addressId } as CreateOrderInput)
      : null;
    const { pricing, refusal } = await priceCheckout(this.deps, db, cart, address, clock.now());
    const cod = await codSummary(this.deps, db, userId, cart, refusal ? null : address, pricing, clock.now());
    const totals = pricing.totals;
    const last = await findLastDelivery(db, userId);
    const rules = await this.deps.settings.holdRules(db);
    const preview = await this.previewHolds(
      cart,
      new OrderHolds(db, { userId, ...client }, rules, clock.now()),
    );
    const rupees = paiseToRupees;
    return {
      items: cart.lines.map((line) => ({
        product: line.productId,
        name: line.name,
        image: line.image,
        colour: line.colour,
        size: line.size,
        quantity: line.quantity,
        price: rupees(line.linePaise / Math.max(1, line.quantity)),
        lineTotal: rupees(line.linePaise),
        stock: line.stock,
      })),
      coupon: cart.coupon && { code: cart.coupon.code, discount: cart.coupon.discount },
      subtotal: rupees(totals.subTotalPaise),
      discount: rupees(totals.couponDiscountPaise),
      tax: rupees(totals.taxPaise),
      shipping: rupees(totals.shippingPaise),
      total: rupees(totals.totalPaise),
      taxIncluded: pricing.taxIncluded,
      taxLines: taxLines(pricing),
      addressId: addressId ?? null,
      deliveryRefusal: refusal,
      cod,
      holdMinutes: Math.round(rules.windowMs / 60_000),
      ...preview,
      lastDetails: last
        ? {
            name: last.name,
            email: last.email,
            phone: last.phone,
            shippingAddress: { ...last.shippingAddress },
          }
        : null,
    };
  }

  /** GET /orders/myorders: the caller's own orders, newest first, with their items. */
  async listOwn(userId: string): Promise<MyOrder[]> {
    const { db, clock } = this.deps;
    const rows = await findOrdersOfUser(db, userId);
    const items = await findItemsOfOrders(
      db,
      rows.map((r) => r.id),
    );
    const shipments = await findShipmentsOfOrders(
      db,
      rows.map((r) => r.id),
    );
    const now = clock.now();
    return rows.map((order) =>
      toMyOrder(
        order,
        items.filter((i) => i.orderId === order.id),
        now,
        shipments.get(order.id),
      ),
    );
  }

  /**
   * DELETE /orders/{id}: the caller's own unpaid order is cancelled (stock and coupon back, once)
   * and leaves their list; the shop keeps it, so a payment already on its way is still honoured or
   * refunded.
   */
  /** GET /orders/{id}: one of the caller's own orders in full; anyone else's is "not found", as is a deleted one. */
  async detailOwn(userId: string, orderId: string): Promise<MyOrderDetail> {
    const { db, clock } = this.deps;
    const order = await findOrderById(db, orderId);
    if (!order || order.userId !== userId || order.shopperDeletedAt) throw notFound('Order not found');
    const [items, shipment, history, refunds] = await Promise.all([
      findItemsOfOrders(db, [order.id]),
      findShipment(db, order.id),
      findStatusHistory(db, order.id),
      findOrderRefunds(db, order.id),
    ]);
    return toMyOrderDetail({ order, items, shipment, history, refunds }, clock.now());
  }

  /**
   * POST /orders/{id}/cancel: the caller cancels their order that has not shipped, with a reason;
   * stock and coupon come back and a paid order is refunded in full (order-cancellation.ts).
   */
  async cancelOwn(userId: string, orderId: string, reason: string): Promise<MyOrderDetail> {
    await this.ownOrder(userId, orderId);
    const { db, clock } = this.deps;
    await inTransaction(db, async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      await cancelOrder(tx, this.deps, order, { kind: 'shopper', userId }, { reason, at: clock.now() });
    });
    await this.stockChanged([orderId]);
    return this.detailOwn(userId, orderId);
  }

  async deleteOwn(userId: string, orderId: string): Promise<void> {
    await this.ownOrder(userId, orderId);
    const { db, clock } = this.deps;
    await inTransaction(db, async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      if (order.status === 'Pending') {
        await moveOrder(
          tx,
          order,
          'Cancelled',
          { kind: 'shopper', userId },
          {
            at: clock.now(),
            note: 'deleted by the shopper before paying',
          },
        );
      } else if (order.paidAt || order.status !== 'Cancelled') {
        throw conflict('Only an unpaid order can be deleted. To cancel a paid order, please contact us.');
      }
      await setShopperDeleted(tx, order.id, clock.now());
    });
    await this.stockChanged([orderId]);
  }

  /**
   * Ends every unpaid order whose payment window closed, never blind: each is claimed by one
   * process (SKIP LOCKED, then marked claimed), the provider is asked for its payments outside any
   * transaction, and a payment it holds (captured, or authorised and captured now) pays the order
   * instead. Only an order the provider has no payment for is cancelled, if it is still Pending:
   * stock and coupon back, the reason in its history. A provider that cannot be asked stops the
   * round, and its orders are asked again once their claim is stale; one still unanswered an hour
   * after its window is cancelled anyway, and the reconciliation (payments' next checks) refunds or
   * honours a payment found later. Then retries refunds still owed. Returns how many expired.
   */
  async expireDue(): Promise<number> {
    const { db, clock } = this.deps;
    let expired = 0;
    for (let more = true; more; ) {
      const now = clock.now();
      const due = await claimExpiredOrders(db, now, EXPIRY_CLAIM_STALE_MS, EXPIRY_BATCH);
      if (due.length > 0) killPoint('orders:expiry-claimed');
      const cancelled: string[] = [];
      for (const order of due) {
        const ended = await this.expire(order, now);
        if (ended === 'cancelled') cancelled.push(order.id);
        // The provider is down: this order and the rest wait until their claims go stale.
        if (ended === 'unanswered') more = false;
        if (!more) break;
      }
      await this.stockChanged(cancelled);
      expired += cancelled.length;
      if (due.length < EXPIRY_BATCH) more = false;
    }
    await this.deps.payments.refundsDue();
    await this.pruneHolds();
    return expired;
  }

  /** Ended holds whose deadline passed are deleted, a batch at a time; a failure waits for the next round. */
  private async pruneHolds(): Promise<void> {
    try {
      for (;;) {
        if ((await pruneHolds(this.deps.db, this.deps.clock.now(), PRUNE_BATCH)) < PRUNE_BATCH) break;
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'ended unpaid holds not pruned');
    }
  }

  /** One claimed order: paid if the provider holds its payment, else cancelled if it is still unpaid. */
  private async expire(order: OrderRow, now: Date): Promise<'paid' | 'cancelled' | 'unanswered' | 'moved'> {
    const atProvider = await this.deps.payments.settleFromProvider(order, 'before the order expired');
    if (atProvider === 'paid') return 'paid';
    let note = `payment not received within ${windowMinutes(order)} minutes; stock and coupon released`;
    if (atProvider === 'unanswered') {
      if (now.getTime() - (order.expiresAt ?? now).getTime() < EXPIRY_UNANSWERED_MS) return 'unanswered';
      this.deps.log.warn(
        { orderId: order.id },
        'expiring an order the payment provider could not be asked about',
      );
      note = `${note}; the payment provider could not be asked, so a payment found later is honoured or refunded`;
    }
    killPoint('orders:expiry-checked');
    return inTransaction(this.deps.db, async (tx) => {
      const current = await lockOrder(tx, order.id);
      // Paid, deleted or cancelled meanwhile, or given a new window: not this job's to end.
      if (current?.status !== 'Pending' || !current.expiresAt || current.expiresAt > now) return 'moved';
      await moveOrder(tx, current, 'Cancelled', { kind: 'system' }, { at: now, note });
      return 'cancelled';
    });
  }

  /**
   * Stock of these orders' products changed (taken or given back): the catalogue's cached pages that
   * show it are dropped, on every process. A failure only leaves them stale for their few seconds.
   */
  private async stockChanged(orderIds: readonly string[]): Promise<void> {
    if (orderIds.length === 0) return;
    try {
      const items = await findItemsOfOrders(this.deps.db, orderIds);
      const ids = [...new Set(items.flatMap((i) => (i.productId ? [i.productId] : [])))];
      await this.deps.catalogue.invalidate(ids);
    } catch (err) {
      this.deps.log.warn({ err }, 'catalogue cache not refreshed after a stock change');
    }
  }

  private async ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = idSchema.safeParse(orderId).success
      ? await findOrderById(this.deps.db, orderId)
      : undefined;
    if (!order || order.userId !== userId || order.shopperDeletedAt) throw notFound('Order not found');
    return order;
  }

  /** What the browser needs to open the payment window for `order` (Pay now; a COD order paid online). */
  async paymentReply(order: OrderRow): Promise<OrderPaymentReply> {
    const payment = await this.deps.payments.providerOrderFor(order);
    const { name } = await this.deps.settings.get();
    return {
      orderId: order.id,
      orderNumber: orderNumber(order.id),
      razorpayOrderId: payment.providerOrderId,
      amount: payment.amountPaise,
      currency: 'INR',
      ...this.deps.payments.window,
      name,
      prefill: { name: order.name, email: order.email, contact: order.phone },
      expiresAt: (order.expiresAt ?? order.createdAt).toISOString(),
    };
  }

  /** A placed order the provider would not take: cancelled through the lifecycle (stock and coupon back), hidden. */
  private async undoPlacing(order: OrderRow): Promise<void> {
    const { db, clock } = this.deps;
    await inTransaction(db, async (tx) => {
      const current = (await lockOrder(tx, order.id))!;
      if (current.status !== 'Pending') return;
      await moveOrder(
        tx,
        current,
        'Cancelled',
        { kind: 'system' },
        {
          at: clock.now(),
          note: 'the payment provider could not start the payment',
        },
      );
      await setShopperDeleted(tx, order.id, clock.now());
    });
    await this.stockChanged([order.id]);
  }

  /**
   * Holds one use of the cart's coupon (within what the shopper may hold, for a coupon with a usage
   * limit). A coupon applied to the cart that is no longer usable (it expired or ran out since)
   * refuses the order with its own message rather than silently pricing without it.
   */
  private async holdCartCoupon(
    tx: DbOrTx,
    cart: CheckoutCartView,
    now: Date,
    holds: OrderHolds | null,
  ): Promise<string | null> {
    const applied = cart.cartId ? await findCartCoupon(tx, cart.cartId) : undefined;
    if (!applied) return null;
    const { coupon } = cart;
    const held = coupon ? await holdCoupon(tx, coupon.id, now) : undefined;
    if (coupon && held) {
      // An unlimited coupon deprives nobody, so only a limited one counts against its holder.
      const limit = held.usageLimit;
      if (limit !== null && holds) {
        await holds.take({ couponId: coupon.id }, { kind: 'coupon', code: coupon.code }, 1, () => limit);
      }
      return coupon.id;
    }
    // The coupon's own check says why (expired, used up); the conditional update was the authority.
    await this.deps.coupons.usable(tx, applied.code, now);
    throw conflict(
      `The coupon ${applied.code} cannot be used any more. Remove it from your cart to continue.`,
    );
  }

  /** Takes the cart's stock; `holds` null (a COD order, held as a paid one) counts against no hold limit. */
  private async reserveStock(
    tx: DbOrTx,
    cart: CheckoutCartView,
    holds: OrderHolds | null,
    orderId: string,
  ): Promise<void> {
    for (const { productId, variantId, name, quantity } of wantedVariants(cart)) {
      const taken = variantId ? await takeStock(tx, variantId, quantity, orderId) : undefined;
      if (taken && variantId) {
        // Unsold units: on the shelf, in this order, and in other unpaid orders.
        const supply = (live: number) => taken.left + quantity + live;
        await holds?.take({ productId, variantId }, { kind: 'units', name }, quantity, supply);
        continue;
      }
      throw await this.shortage(tx, { variantId, name });
    }
  }

  /** Why a line cannot be had: its variant gone or switched off, sold out, or fewer left than wanted. */
  private async shortage(tx: DbOrTx, line: Pick<WantedVariant, 'variantId' | 'name'>): Promise<AppError> {
    const now = line.variantId ? await findVariantStock(tx, line.variantId) : undefined;
    if (!now || now.archived)
      return conflict(`${line.name} is no longer sold. Remove it from your cart to continue.`);
    return conflict(
      now.stock === 0
        ? `${line.name} is out of stock. Remove it from your cart to continue.`
        : `Only ${now.stock} of ${line.name} left in stock. Lower the quantity in your cart to continue.`,
    );
  }

  /** What placing the cart now would meet, read without locks (checkout's summary). */
  private async previewHolds(
    cart: CheckoutCartView,
    holds: OrderHolds,
  ): Promise<Pick<CheckoutSummary, 'payBy' | 'holdRefusals'>> {
    const checks: { product: string | null; checked: HoldCheck }[] = [];
    for (const { productId, variantId, name, quantity, stock } of wantedVariants(cart)) {
      if (quantity > stock || !variantId) continue; // the summary already says it is short
      const supply = (live: number) => stock + live;
      const checked = await holds.check({ productId, variantId }, { kind: 'units', name }, quantity, supply);
      checks.push({ product: productId, checked });
    }
    const limit = cart.coupon ? await findCouponLimit(this.deps.db, cart.coupon.id) : null;
    if (cart.coupon && limit !== null) {
      const { id, code } = cart.coupon;
      checks.push({
        product: null,
        checked: await holds.check({ couponId: id }, { kind: 'coupon', code }, 1, () => limit),
      });
    }
    const deadlines = checks.flatMap(({ checked }) =>
      checked.ok && checked.plan.deadline ? [checked.plan.deadline] : [],
    );
    return {
      payBy: deadlines.length ? new Date(Math.min(...deadlines.map((d) => d.getTime()))).toISOString() : null,
      holdRefusals: checks.flatMap(({ product, checked }) =>
        checked.ok ? [] : [{ product, message: checked.message }],
      ),
    };
  }
}

interface WantedVariant {
  productId: string;
  variantId: string | null;
  name: string;
  quantity: number;
  stock: number;
}

/**
 * The units of each variant the cart wants (two lines meaning one variant add up), in (product,
 * variant) order: the order every reservation locks rows in (a variant, then its product's count),
 * so two orders never deadlock. The name says which variant ("Kurta (Red, M)").
 */
function wantedVariants(cart: CheckoutCartView): WantedVariant[] {
  const wanted = new Map<string, WantedVariant>();
  for (const line of cart.lines) {
    const key = `${line.productId}/${line.variantId ?? ''}`;
    const options = [line.colour, line.size].filter(Boolean).join(', ');
    const name = options ? `${line.name} (${options})` : line.name;
    const entry = wanted.get(key) ?? { ...line, name, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(key, entry);
  }
  return [...wanted.values()].sort(
    (a, b) => a.productId.localeCompare(b.productId) || (a.variantId ?? '').localeCompare(b.variantId ?? ''),
  );
}

/** The minutes an order waited for its payment: its window, or less when it kept an earlier deadline. */
function windowMinutes(order: OrderRow): number {
  const end = order.expiresAt ?? order.createdAt;
  return Math.round((end.getTime() - order.createdAt.getTime()) / 60_000);
}
