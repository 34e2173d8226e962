import type { DbOrTx } from '../../db/client';
import type { OrderRow } from './orders.repo';

// What orders need from the payments module, and nothing more: the provider order a shopper pays
// through, and, before an unpaid order is ended or paid by hand, whether the provider holds its
// payment after all. PaymentsService satisfies it (bound in services.ts); orders never import
// payments, which call orders' public methods to settle (OrdersService.settlePayment).

/** What the browser needs to open the payment window. */
export interface PaymentWindow {
  provider: 'razorpay' | 'sandbox';
  /** The publishable key the window is opened with. */
  keyId: string;
}

export interface OrderPayments {
  readonly window: PaymentWindow;
  /** The order's provider order: the one it has (a second attempt uses the same), or a new one of its total. */
  providerOrderFor(order: OrderRow): Promise<{ providerOrderId: string; amountPaise: number }>;
  /**
   * Asks the provider for the order's payments and settles a captured one: 'paid' when that paid it,
   * 'unpaid' when the provider holds none, 'unanswered' when it could not be asked. `why` ends the note.
   */
  settleFromProvider(order: OrderRow, why: string): Promise<'paid' | 'unpaid' | 'unanswered'>;
  /**
   * A payment link for the order's total (Razorpay Payment Links: the same link again while it is
   * open), or null when the provider has none (the sandbox: the payment window is used instead).
   */
  paymentLinkFor(order: OrderRow): Promise<{ url: string } | null>;
  /** Refunds every payment still owed its money back. */
  refundsDue(): Promise<unknown>;
  /**
   * A paid order was cancelled in `tx`: what remains of its payment is refunded (recorded in `tx`,
   * asked of the provider after commit, once per order). The paise refunded.
   */
  refundCancelled(tx: DbOrTx, order: OrderRow, reason: string, by: string | null): Promise<number>;
}
