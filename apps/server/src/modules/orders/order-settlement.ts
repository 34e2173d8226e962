import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer/index';
import type { NotifyService } from '../notify/index';
import type { SettingsService } from '../settings/index';
import type { CatalogueCache } from './catalogue-port';
import type { CheckoutCart } from './checkout-ports';
import { COD_METHOD, markPaidOnline } from './cod.repo';
import { type InvoiceIssuer, issueInvoice } from './invoice-port';
import { orderConfirmationMail } from './order-confirmation-mail';
import { moveOrder } from './order-lifecycle';
import { queueOrderPlaced } from './order-placed-message';
import { findItemsOfOrders, type OrderRow, setPaidWith } from './orders.repo';

/** What a captured payment did to its order: paid it, or could not (the payments module refunds it). */
export type PaymentSettlement = { outcome: 'paid' } | { outcome: 'refused'; reason: string | null };

export interface SettlementDeps {
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  cart: Pick<CheckoutCart, 'clear'>;
  settings: Pick<SettingsService, 'get'>;
  catalogue: CatalogueCache;
  invoices: InvoiceIssuer;
  /** "Order placed" by SMS/WhatsApp (order-placed-message.ts). */
  notify: Pick<NotifyService, 'enqueue'>;
}

/**
 * A captured payment of `amountPaise` for `order`, locked by the caller in `tx` (after the payment's
 * own row): a Pending order it covers moves to Processing (the coupon use redeemed by the lifecycle),
 * its cart is emptied, its confirmation mailed after commit and "order placed" queued for its phone; an order that expired unpaid is
 * honoured if its stock and coupon can be taken again; a confirmed COD order not yet shipped becomes
 * prepaid and stays Processing; (the catalogue's pages of them dropped after
 * commit), else refused with the reason. Anything else (paid already, too little) is refused with none.
 */
export async function settlePayment(
  deps: SettlementDeps,
  tx: Tx,
  order: OrderRow,
  payment: { amountPaise: number; method: string | null; note: string },
): Promise<PaymentSettlement> {
  const at = deps.clock.now();
  const covers = payment.amountPaise >= order.totalPaise;
  if (order.status === 'Pending' && covers) {
    await moveOrder(tx, order, 'Processing', { kind: 'system' }, { at, note: payment.note });
    await setPaidWith(tx, order.id, payment.method);
    if (order.userId) await deps.cart.clear(tx, order.userId);
    await mailConfirmation(deps, tx, order);
    // Last before the commit: the invoice number's counter row stays locked until then, and every
    // paying shopper of the shop waits for it in turn.
    await issueInvoice(deps.invoices, tx, order);
    return { outcome: 'paid' };
  }
  if (order.status === 'Awaiting confirmation' && covers) {
    // A COD order paid online instead (decision 218): a prepaid order from now on, its total (the
    // COD fee included) as placed; the cart was emptied when it was placed.
    await moveOrder(
      tx,
      order,
      'Processing',
      { kind: 'system' },
      { at, note: `paid online instead of cash: ${payment.note}` },
    );
    const paid = await markPaidOnline(tx, order.id, { method: payment.method, at });
    await mailConfirmation(deps, tx, paid);
    await issueInvoice(deps.invoices, tx, paid);
    return { outcome: 'paid' };
  }
  if (order.status === 'Processing' && order.paymentMethod === COD_METHOD && !order.paidAt && covers) {
    // A confirmed COD order prepaid before it ships (the admin's payment link): it stays Processing,
    // paid from now on, so the courier collects nothing and Cash collected no longer applies.
    const paid = await markPaidOnline(tx, order.id, { method: payment.method, at });
    await issueInvoice(deps.invoices, tx, paid);
    return { outcome: 'paid' };
  }
  if (order.status === 'Cancelled' && !order.paidAt && covers) {
    try {
      // A savepoint: a refused move (stock or coupon gone) undoes only itself.
      await tx.transaction((savepoint) =>
        moveOrder(savepoint, order, 'Processing', { kind: 'system' }, { at, note: `late ${payment.note}` }),
      );
      await setPaidWith(tx, order.id, payment.method);
      await mailConfirmation(deps, tx, order);
      await stockTakenAgain(deps, tx, order);
      await issueInvoice(deps.invoices, tx, order);
      return { outcome: 'paid' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { outcome: 'refused', reason: error.message };
    }
  }
  return { outcome: 'refused', reason: null };
}

/** A late payment took the stock again: the catalogue's cached pages showing it are dropped after commit. */
async function stockTakenAgain(deps: SettlementDeps, tx: Tx, order: OrderRow): Promise<void> {
  const items = await findItemsOfOrders(tx, [order.id]);
  const ids = items.flatMap((i) => (i.productId ? [i.productId] : []));
  await inTransaction(tx, async (_tx, unit) => {
    unit.afterCommit(() =>
      deps.catalogue
        .invalidate(ids)
        .catch((err) => deps.log.warn({ err }, 'catalogue cache not refreshed after a late payment')),
    );
  });
}

async function mailConfirmation(deps: SettlementDeps, tx: Tx, order: OrderRow): Promise<void> {
  await queueOrderPlaced(tx, deps.notify, order);
  const items = await findItemsOfOrders(tx, [order.id]);
  const ordersUrl = `${deps.config.publicUrl.replace(/\/+$/, '')}/orders`;
  await inTransaction(tx, async (_tx, unit) => {
    unit.afterCommit(async () => {
      const { name } = await deps.settings.get();
      deps.mailer.sendInBackground(orderConfirmationMail(name, order, items, ordersUrl));
    });
  });
}
