import type { CouponInput, CouponListParams } from '@bazaar/shared';
import { idSchema } from '@bazaar/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { endOfShopDate, shopDate } from '../../lib/shop-time';
import { type Actor, type AuditService, diff } from '../audit/index';
import {
  type CouponRow,
  type CouponValues,
  type CouponWithOwner,
  deleteCouponRow,
  findCouponByCode,
  findCouponPage,
  findCouponWithOwner,
  insertShopCoupon,
  lockCoupon,
  updateCouponRow,
} from './coupon-admin.repo';

export interface CouponAdminServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
}

const codeTaken = (code: string) =>
  conflict(`A coupon with the code ${code} already exists.`, { code: 'This code is already in use' });

/** The fields the audit log shows, in the admin's terms. */
const auditView = (c: CouponRow) => ({
  code: c.code,
  discount: c.discount,
  usageLimit: c.usageLimit,
  expiryDate: c.expiresAt ? shopDate(c.expiresAt) : null,
});

/**
 * Admins managing coupons: the shop's own and the newsletter's welcome codes,
 * which live in the same table. Codes are unique whatever their case (the
 * database's index decides, so two admins racing for one code cannot both get
 * it). Every write records its audit entry in the same transaction.
 */
export class CouponAdminService {
  constructor(private readonly deps: CouponAdminServiceDeps) {}

  async list(query: CouponListParams): Promise<{ coupons: CouponWithOwner[]; total: number }> {
    const { rows, total } = await findCouponPage(
      this.deps.db,
      { kind: query.kind, search: query.search?.toLowerCase() || undefined },
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { coupons: rows, total };
  }

  async create(actor: Actor, input: CouponInput): Promise<CouponWithOwner> {
    const at = this.deps.clock.now();
    const values = this.valuesOf(input);
    if (values.expiresAt && values.expiresAt < at) {
      throw badRequest('Expiry date cannot be in the past', {
        expiresAt: 'Expiry date cannot be in the past',
      });
    }
    return inTransaction(this.deps.db, async (tx) => {
      const created = await insertShopCoupon(tx, { ...values, at });
      if (!created) throw codeTaken(values.code);
      await this.deps.audit.record(tx, actor, {
        action: 'coupon.create',
        entityId: created.id,
        summary: `Coupon ${created.code}: ${created.discount}% off, ${created.usageLimit} uses${
          values.expiresAt ? `, until ${shopDate(values.expiresAt)}` : ''
        }`,
        after: auditView(created),
      });
      return { ...created, welcomeFor: null };
    });
  }

  /**
   * Replaces the coupon's code, discount, usage limit and expiry. The usage
   * limit cannot go below the uses already counted; the row is locked so a
   * checkout counting a use meanwhile is seen.
   */
  async update(actor: Actor, couponId: string, input: CouponInput): Promise<CouponWithOwner> {
    const at = this.deps.clock.now();
    const values = this.valuesOf(input);
    try {
      return await inTransaction(this.deps.db, async (tx) => {
        const current = idSchema.safeParse(couponId).success ? await lockCoupon(tx, couponId) : undefined;
        if (!current) throw notFound('Coupon not found');
        if (values.usageLimit < current.usedCount) {
          throw conflict(
            `This coupon has been used ${current.usedCount} times, so its usage limit cannot be lower than that.`,
            { usageLimit: `At least ${current.usedCount} (the uses so far)` },
          );
        }
        const holder = await findCouponByCode(tx, values.code);
        if (holder && holder.id !== current.id) throw codeTaken(values.code);
        const updated = (await updateCouponRow(tx, current.id, { ...values, at }))!;
        const changed = diff(auditView(current), auditView(updated));
        if (changed) {
          await this.deps.audit.record(tx, actor, {
            action: 'coupon.update',
            entityId: current.id,
            summary: `Coupon ${current.code}: ${Object.keys(changed.after)
              .map(
                (k) =>
                  `${k} ${changed.before[k as keyof typeof changed.before] ?? 'none'} → ${changed.after[k as keyof typeof changed.after] ?? 'none'}`,
              )
              .join(', ')}`,
            ...changed,
          });
        }
        return (await findCouponWithOwner(tx, current.id))!;
      });
    } catch (error) {
      // Another admin took the code between the check and the update.
      if (isUniqueViolation(error)) throw codeTaken(values.code);
      throw error;
    }
  }

  /** Deletes the coupon. Orders that used it keep its code and percent; carts holding it lose it. */
  async remove(actor: Actor, couponId: string): Promise<{ id: string }> {
    return inTransaction(this.deps.db, async (tx) => {
      const current = idSchema.safeParse(couponId).success
        ? await findCouponWithOwner(tx, couponId)
        : undefined;
      if (!current) throw notFound('Coupon not found');
      await deleteCouponRow(tx, current.id);
      await this.deps.audit.record(tx, actor, {
        action: 'coupon.delete',
        entityId: current.id,
        summary: `Coupon ${current.code} deleted${current.welcomeFor ? ` (welcome code of ${current.welcomeFor})` : ''} after ${current.usedCount} uses`,
        before: { ...auditView(current), usedCount: current.usedCount },
      });
      return { id: current.id };
    });
  }

  private valuesOf(input: CouponInput): CouponValues {
    return {
      code: input.code,
      discount: input.discount,
      usageLimit: input.usageLimit,
      expiresAt: input.expiresAt ? endOfShopDate(input.expiresAt) : null,
    };
  }
}
