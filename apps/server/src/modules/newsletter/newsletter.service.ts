import { randomInt } from 'node:crypto';
import {
  NEWSLETTER_DISCOUNT_PERCENT,
  type NewsletterSubscriber,
  type NewsletterSubscribersReply,
} from '@bazaar/shared';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { toCsv } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer/index';
import type { Actor, AuditService } from '../audit/index';
import type { RateLimitService, WindowLimit } from '../rate-limit/index';
import type { SettingsService } from '../settings/index';
import {
  type CouponRow,
  findCoupon,
  findSubscribed,
  findSubscriberPage,
  insertCoupon,
  insertSubscriber,
  resubscribe,
  type SubscriberRow,
  setSubscriberCoupon,
  unsubscribe,
} from './newsletter.repo';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';
import { welcomeMail } from './welcome-mail';

/**
 * Sign-ups one address may make in 10 minutes (NEWSLETTER_SIGNUPS_PER_ADDRESS): every shopper behind a
 * carrier's shared address, not a mail bomb aimed at strangers.
 */
export const newsletterLimit = (config: Pick<AppConfig, 'limits'>): WindowLimit => ({
  requests: config.limits.newsletterSignupsPerAddress,
  windowMs: 10 * 60_000,
});

/** Each new address gets its own single-use code, valid this long. */
export const WELCOME_COUPON = {
  discount: NEWSLETTER_DISCOUNT_PERCENT,
  usageLimit: 1,
  validDays: 90,
} as const;

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Please use the link in your latest newsletter email.';

// No 0/O or 1/I: codes are read off a screen and typed in.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewsletterServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'jwtSecret' | 'limits'>;
  mailer: Mailer;
  limits: RateLimitService;
  settings: SettingsService;
  audit: AuditService;
}

/**
 * The footer's newsletter: one row per address whatever its case, a welcome
 * mail with a single-use 10% code of its own, a signed unsubscribe link, and
 * the admins' export.
 */
export class NewsletterService {
  constructor(private readonly deps: NewsletterServiceDeps) {}

  /**
   * Subscribes an address. A new one gets a welcome code and mail; one that
   * had unsubscribed is subscribed again and mailed its code again while the
   * code still works; one already subscribed gets nothing more. The caller
   * answers the same in every case, so nobody learns who is subscribed.
   */
  async subscribe(email: string, ip: string): Promise<void> {
    const { db, clock, limits, mailer } = this.deps;
    await limits.hit(
      `newsletter:ip:${ip}`,
      newsletterLimit(this.deps.config),
      'Too many sign-ups from your network. Please try again in a few minutes.',
    );
    const now = clock.now();
    // Read before the transaction: the embedded database runs one statement at a time.
    const { name: shopName } = await this.deps.settings.get();
    await inTransaction(db, async (tx, unit) => {
      const created = await insertSubscriber(tx, email, now);
      if (created) {
        const coupon = await this.newWelcomeCoupon(tx, now);
        await setSubscriberCoupon(tx, created.id, coupon.id);
        const mail = this.welcome(shopName, created, coupon, false);
        unit.afterCommit(() => mailer.sendInBackground(mail));
        return;
      }
      const returning = await resubscribe(tx, email);
      if (!returning) return;
      const coupon = returning.couponId ? await findCoupon(tx, returning.couponId) : undefined;
      const mail = this.welcome(shopName, returning, coupon && isUsable(coupon, now) ? coupon : null, true);
      unit.afterCommit(() => mailer.sendInBackground(mail));
    });
  }

  /** Unsubscribes the address a genuine link names; a second click, or an address since removed, is fine too. */
  async unsubscribe(token: string): Promise<void> {
    const id = verifyUnsubscribeToken(token, this.deps.config.jwtSecret);
    if (!id) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
    await unsubscribe(this.deps.db, id, this.deps.clock.now());
  }

  async list(page: number, limit: number): Promise<NewsletterSubscribersReply> {
    const { rows, subscribed, unsubscribed } = await findSubscriberPage(
      this.deps.db,
      limit,
      (page - 1) * limit,
    );
    const total = subscribed + unsubscribed;
    return {
      subscribers: rows.map(toSubscriber),
      total,
      page,
      pages: Math.ceil(total / limit),
      counts: { subscribed, unsubscribed },
    };
  }

  /**
   * The subscribed addresses as CSV, safe to open in a spreadsheet. Taking
   * personal data out of the shop is recorded in the audit log.
   */
  async exportCsv(actor: Actor): Promise<{ csv: string; count: number }> {
    return inTransaction(this.deps.db, async (tx) => {
      const rows = await findSubscribed(tx);
      await this.deps.audit.record(tx, actor, {
        action: 'newsletter.export',
        entityId: null,
        summary: `Exported ${rows.length} newsletter ${rows.length === 1 ? 'subscriber' : 'subscribers'} as CSV`,
      });
      const csv = toCsv(
        ['email', 'subscribed_at'],
        rows.map((row) => [row.email, row.createdAt.toISOString()]),
      );
      return { csv, count: rows.length };
    });
  }

  /** The two addresses of an unsubscribe link: the page that asks first, and the one-click API. */
  unsubscribeLinks(subscriberId: string): { page: string; oneClick: string; token: string } {
    const base = this.deps.config.publicUrl.replace(/\/+$/, '');
    const token = encodeURIComponent(unsubscribeToken(subscriberId, this.deps.config.jwtSecret));
    return {
      page: `${base}/newsletter/unsubscribe?token=${token}`,
      oneClick: `${base}/api/newsletter/unsubscribe?token=${token}`,
      token,
    };
  }

  private async newWelcomeCoupon(tx: DbOrTx, now: Date): Promise<CouponRow> {
    const expiresAt = new Date(now.getTime() + WELCOME_COUPON.validDays * DAY_MS);
    // 40 random bits: a clash is all but impossible, and a clash only means drawing again.
    for (;;) {
      const code = `WELCOME-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
      const coupon = await insertCoupon(tx, {
        code,
        discount: WELCOME_COUPON.discount,
        usageLimit: WELCOME_COUPON.usageLimit,
        expiresAt,
      });
      if (coupon) return coupon;
    }
  }

  private welcome(shopName: string, subscriber: SubscriberRow, coupon: CouponRow | null, returning: boolean) {
    const links = this.unsubscribeLinks(subscriber.id);
    const mail = welcomeMail({
      to: subscriber.email,
      shopName,
      coupon: coupon ? { code: coupon.code, discount: coupon.discount, expiresAt: coupon.expiresAt } : null,
      unsubscribePage: links.page,
      oneClickUrl: links.oneClick,
      returning,
    });
    // The link unsubscribes its address: the outbox keeps no working copy of it in production.
    return { ...mail, secrets: [links.token] };
  }
}

/** A code that can still be redeemed: not expired, uses left. */
function isUsable(coupon: CouponRow, now: Date): boolean {
  const notExpired = !coupon.expiresAt || coupon.expiresAt > now;
  const usesLeft = coupon.usageLimit === null || coupon.usedCount < coupon.usageLimit;
  return notExpired && usesLeft;
}

function toSubscriber(row: SubscriberRow): NewsletterSubscriber {
  return {
    _id: row.id,
    email: row.email,
    subscribedAt: row.createdAt.toISOString(),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}
