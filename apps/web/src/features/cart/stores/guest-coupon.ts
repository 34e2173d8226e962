import { STORAGE_KEYS } from '@bazaar/shared/constants';
import type { CouponCheckReply } from '@bazaar/shared/schemas/coupons';
import { create } from 'zustand';
import { followKey, hasBrowserStorage } from '@/lib/browser-list';
import { readValue, writeValue } from '@/lib/browser-value';

/** The coupon a guest applied: as the server's check answered it (code, percent, end). */
export type GuestCoupon = CouponCheckReply;

const KEY = STORAGE_KEYS.guestCoupon;

const isGuestCoupon = (value: unknown): value is GuestCoupon => {
  const entry = value as Partial<GuestCoupon> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.code === 'string' &&
    entry.code.length > 0 &&
    typeof entry.discount === 'number' &&
    Number.isInteger(entry.discount) &&
    entry.discount >= 1 &&
    entry.discount <= 100 &&
    (entry.expiresAt === null || typeof entry.expiresAt === 'string')
  );
};

/** Whether the coupon still counts at `now` (one that has ended stops lowering the guest's total). */
export const couponCounts = (coupon: GuestCoupon | null, now = Date.now()): coupon is GuestCoupon =>
  coupon !== null && (coupon.expiresAt === null || Date.parse(coupon.expiresAt) > now);

export interface GuestCouponState {
  coupon: GuestCoupon | null;
  set(coupon: GuestCoupon): void;
  clear(): void;
  /** Hands back the coupon and forgets it, in one step (the merge into the account takes it). */
  take(): GuestCoupon | null;
  reload(): void;
}

/**
 * The guest's applied coupon, kept in the browser beside the guest cart (key `guestCoupon`) and followed
 * across tabs. Only the server's check puts one here; checkout checks it again once it is the account's.
 */
export const useGuestCoupon = create<GuestCouponState>((set) => ({
  // Empty as on the server; the stored coupon arrives right after, once hydration is done.
  coupon: null,
  set(coupon) {
    writeValue(KEY, coupon);
    set({ coupon });
  },
  clear() {
    writeValue(KEY, null);
    set({ coupon: null });
  },
  take() {
    const coupon = readValue(KEY, isGuestCoupon);
    writeValue(KEY, null);
    set({ coupon: null });
    return coupon;
  },
  reload() {
    set({ coupon: readValue(KEY, isGuestCoupon) });
  },
}));

if (hasBrowserStorage) {
  useGuestCoupon.getState().reload();
  followKey(KEY, () => useGuestCoupon.getState().reload());
}
