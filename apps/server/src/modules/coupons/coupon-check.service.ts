import type { CouponCheckReply } from '@bazaar/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimitService, WindowLimit } from '../rate-limit';
import type { CouponsService } from './coupons.service';

const HOUR_MS = 60 * 60_000;

/** How many codes one browser, and one address, may check in an hour (README, "Limits"). */
export const couponCheckLimits = (
  config: Pick<Config, 'limits'>,
): { device: WindowLimit; address: WindowLimit } => ({
  device: { requests: config.limits.couponChecksPerDevice, windowMs: HOUR_MS },
  address: { requests: config.limits.couponChecksPerAddress, windowMs: HOUR_MS },
});

export const COUPON_GUESSES_MESSAGE =
  'You have tried several coupon codes in a short time. Please wait a while before trying another.';

/** Who checks: the browser's signed device id and its network (an IPv4 address or IPv6 /64). */
export interface CouponChecker {
  deviceId: string;
  network: string;
}

export interface CouponCheckServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'limits'>;
  limits: RateLimitService;
  coupons: CouponsService;
}

/**
 * A guest's coupon check (their cart lives in the browser): whether a code is usable now and its
 * percent, with the refusals the signed-in cart gives. Every check counts, found or not, per browser
 * and per address, in the shared `rate_limit_hits`, so guessing codes is bounded on every process; a
 * browser that drops its cookie gets a new one each time and meets the address's ceiling instead. It
 * holds nothing: checkout checks the code again when the order is placed.
 */
export class CouponCheckService {
  constructor(private readonly deps: CouponCheckServiceDeps) {}

  async check(code: string, who: CouponChecker): Promise<CouponCheckReply> {
    const { db, clock, limits } = this.deps;
    const bounds = couponCheckLimits(this.deps.config);
    await limits.hit(`coupon-check:device:${who.deviceId}`, bounds.device, COUPON_GUESSES_MESSAGE);
    await limits.hit(`coupon-check:address:${who.network}`, bounds.address, COUPON_GUESSES_MESSAGE);
    const coupon = await this.deps.coupons.usable(db, code, clock.now());
    return {
      code: coupon.code,
      discount: coupon.discount,
      expiresAt: coupon.expiresAt?.toISOString() ?? null,
    };
  }
}
