import { type MyStockAlertList, STOCK_ALERT_EMAIL_NEEDED, type StockAlertReply } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { RateLimitService, WindowLimit } from '../rate-limit/index';
import { type AlertTokenPurpose, alertToken, verifyAlertToken } from './alert-token';
import { moveAlert } from './stock-alert-lifecycle';
import {
  type AlertVariant,
  claimDueAlerts,
  findAlertVariant,
  findLiveAlert,
  findUserAlerts,
  insertAlert,
  lockAlert,
  type StockAlertRow,
} from './stock-alerts.repo';

/** What stock alerts need of the outbox (modules/notify), satisfied in services.ts. */
export interface AlertMail {
  enqueue(
    tx: DbOrTx,
    purpose: 'stock_alert_confirm',
    to: { email: string },
    params: { product: string; productUrl: string; confirmUrl: string; unsubscribeUrl: string },
    options?: { key?: string },
  ): Promise<unknown>;
  enqueue(
    tx: DbOrTx,
    purpose: 'back_in_stock',
    to: { email: string },
    params: { product: string; productUrl: string; unsubscribeUrl: string },
    options?: { key?: string },
  ): Promise<unknown>;
}

/**
 * Limits against abuse (decision 191): requests per client address, confirmation mails per address
 * (nobody can mail-bomb a stranger through the shop) and alerts per account, each a fixed window
 * kept in the database so every process counts alike.
 */
export const STOCK_ALERT_LIMITS = {
  perIp: { requests: 20, windowMs: 10 * 60_000 },
  perEmail: { requests: 3, windowMs: 60 * 60_000 },
  perAccount: { requests: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, WindowLimit>;

export const ALERT_NOT_FOUND = 'This alert was not found.';
export const ALERT_REMOVED = 'Alert removed: we will not email you about it.';
export const ALERT_LINK_INVALID = 'This link is not valid. Please use the link in your latest email from us.';
export const ALERT_ACTIVE = 'We will email you once when it is back in stock.';
export const ALERT_PENDING =
  'Please check your inbox: confirm by the link we sent you, and we will email you once when it is back in stock.';

const CLAIM_BATCH = 50;

export interface StockAlertsServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'>;
  limits: RateLimitService;
  mail: AlertMail;
}

/**
 * Back-in-stock alerts: a shopper (by account) or a guest (by a confirmed address) asks for one mail
 * when a sold-out variant is on sale again; `runDue` (every process, on a timer) claims the alerts
 * whose variant has stock and queues their mail in the same transaction as the move to sent.
 */
export class StockAlertsService {
  constructor(private readonly deps: StockAlertsServiceDeps) {}

  async subscribe(
    body: { variantId: string; email?: string | undefined },
    user: { id: string; email: string } | null,
    ip: string,
  ): Promise<StockAlertReply> {
    const { limits, db, clock } = this.deps;
    await limits.hit(
      `stock-alert:ip:${ip}`,
      STOCK_ALERT_LIMITS.perIp,
      'Too many requests from your network. Please try again in a few minutes.',
    );
    const email = user ? user.email : body.email;
    if (!email) throw badRequest(STOCK_ALERT_EMAIL_NEEDED, { email: STOCK_ALERT_EMAIL_NEEDED });
    if (user) {
      await limits.hit(
        `stock-alert:user:${user.id}`,
        STOCK_ALERT_LIMITS.perAccount,
        'You have asked for many alerts this hour. Please try again later.',
      );
    }
    const variant = await findAlertVariant(db, body.variantId);
    if (!variant?.onSale) throw notFound('This size is not available any more.');
    if (variant.stock > 0) throw conflict('This size is in stock: you can add it to your bag now.');
    if (!user) {
      // Counted before anything is written: a stranger's address gets at most this many mails an hour.
      await limits.hit(
        `stock-alert:email:${email.toLowerCase()}`,
        STOCK_ALERT_LIMITS.perEmail,
        'We have already sent several emails to this address. Please check your inbox, or try again later.',
      );
    }
    const now = clock.now();
    return inTransaction(db, async (tx) => {
      const existing = await findLiveAlert(tx, variant.variantId, email);
      if (user) {
        // A signed-in shopper's address is proven: a pending alert of theirs becomes active.
        if (existing?.status === 'pending') await moveAlert(tx, existing, 'active', now);
        else if (!existing) {
          await insertAlert(tx, {
            variantId: variant.variantId,
            userId: user.id,
            email,
            status: 'active',
            confirmedAt: now,
          });
        }
        return { status: 'active', message: ALERT_ACTIVE };
      }
      // A guest learns nothing about whether the address already asked: the same answer either way.
      if (existing?.status === 'active') return { status: 'pending', message: ALERT_PENDING };
      const alert =
        existing ??
        (await insertAlert(tx, { variantId: variant.variantId, userId: null, email, status: 'pending' }));
      if (alert) await this.mailConfirmation(tx, alert, variant);
      return { status: 'pending', message: ALERT_PENDING };
    });
  }

  /** Follows a guest's confirmation link: the alert becomes active (a second click changes nothing). */
  async confirm(token: string): Promise<{ productId: string }> {
    const id = this.verify('stock-alert-confirm', token);
    return inTransaction(this.deps.db, async (tx) => {
      const alert = await lockAlert(tx, id);
      if (!alert) throw notFound('This alert no longer exists.');
      if (alert.status === 'unsubscribed')
        throw conflict('This alert was cancelled. Ask again on the product page.');
      if (alert.status === 'pending') await moveAlert(tx, alert, 'active', this.deps.clock.now());
      const variant = await findAlertVariant(tx, alert.variantId);
      return { productId: variant?.productId ?? '' };
    });
  }

  /** One-click unsubscribe (the mail's link and List-Unsubscribe): a second click, or a removed alert, is fine. */
  async unsubscribe(token: string): Promise<void> {
    const id = this.verify('stock-alert-unsubscribe', token);
    await inTransaction(this.deps.db, async (tx) => {
      const alert = await lockAlert(tx, id);
      if (!alert || alert.status === 'unsubscribed') return;
      await moveAlert(tx, alert, 'unsubscribed', this.deps.clock.now());
    });
  }

  /** My alerts: the signed-in shopper's, removed ones left out. */
  async mine(userId: string): Promise<MyStockAlertList> {
    const rows = await findUserAlerts(this.deps.db, userId);
    return {
      alerts: rows.flatMap((r) =>
        r.status === 'unsubscribed' ? [] : [{ ...r, status: r.status, createdAt: r.createdAt.toISOString() }],
      ),
    };
  }

  /** Removes one of the shopper's own alerts (the unsubscribe move); 404 for another's or a removed one. */
  async remove(userId: string, alertId: string): Promise<void> {
    await inTransaction(this.deps.db, async (tx) => {
      const alert = await lockAlert(tx, alertId);
      if (!alert || alert.userId !== userId || alert.status === 'unsubscribed')
        throw notFound(ALERT_NOT_FOUND);
      await moveAlert(tx, alert, 'unsubscribed', this.deps.clock.now());
    });
  }

  /**
   * One round: every active alert whose variant is in stock again moves to sent with its one mail
   * queued in the same transaction (the outbox delivers it). Several processes may run this at once:
   * each claims its rows with SKIP LOCKED and the move is conditional, so each alert mails once.
   */
  async runDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await inTransaction(this.deps.db, async (tx) => {
        const due = await claimDueAlerts(tx, CLAIM_BATCH);
        const now = this.deps.clock.now();
        for (const { alert, variant } of due) {
          if (!(await moveAlert(tx, alert, 'sent', now))) continue;
          await this.deps.mail.enqueue(
            tx,
            'back_in_stock',
            { email: alert.email },
            {
              product: describe(variant),
              productUrl: this.productUrl(variant.productId),
              unsubscribeUrl: this.link('stock-alert-unsubscribe', alert.id),
            },
            { key: `back_in_stock:${alert.id}` },
          );
        }
        return due.length;
      });
      sent += claimed;
      if (claimed < CLAIM_BATCH) return sent;
    }
  }

  private async mailConfirmation(tx: DbOrTx, alert: StockAlertRow, variant: AlertVariant): Promise<void> {
    await this.deps.mail.enqueue(
      tx,
      'stock_alert_confirm',
      { email: alert.email },
      {
        product: describe(variant),
        productUrl: this.productUrl(variant.productId),
        confirmUrl: this.link('stock-alert-confirm', alert.id, 'confirm'),
        unsubscribeUrl: this.link('stock-alert-unsubscribe', alert.id),
      },
    );
  }

  private verify(purpose: AlertTokenPurpose, token: string): string {
    const id = verifyAlertToken(purpose, token, this.deps.config.jwtSecret);
    if (!id) throw badRequest(ALERT_LINK_INVALID);
    return id;
  }

  private get base(): string {
    return this.deps.config.publicUrl.replace(/\/+$/, '');
  }

  private productUrl(productId: string): string {
    return `${this.base}/product/${productId}`;
  }

  private link(purpose: AlertTokenPurpose, alertId: string, action = 'unsubscribe'): string {
    const token = encodeURIComponent(alertToken(purpose, alertId, this.deps.config.jwtSecret));
    return `${this.base}/api/stock-alerts/${action}?token=${token}`;
  }
}

/** "Cotton Kurta (Blue, M)": the product and the options the shopper chose. */
function describe(v: AlertVariant): string {
  const options = [v.colour, v.size].filter(Boolean).join(', ');
  return options ? `${v.productName} (${options})` : v.productName;
}
