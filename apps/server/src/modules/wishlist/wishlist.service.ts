import { CART_MESSAGES, idSchema, WISHLIST_MAX, WISHLIST_MESSAGES, type WishlistItem } from '@bazaar/shared';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { toProduct } from '../catalogue/index';
import {
  countWishlist,
  deleteWishlistItem,
  findLiveProductIds,
  findNewestAddedAt,
  findWishlist,
  findWishlisted,
  insertWishlistItems,
  lockWishlistOwner,
} from './wishlist.repo';

export interface WishlistServiceDeps {
  db: Db;
  clock: Clock;
}

const isId = (id: string) => idSchema.safeParse(id).success;

/** The signed-in shopper's wishlist: one entry per product, each shown with its live price and stock. */
export class WishlistService {
  constructor(private readonly deps: WishlistServiceDeps) {}

  async list(userId: string): Promise<WishlistItem[]> {
    const rows = await findWishlist(this.deps.db, userId);
    return rows.map(({ product, addedAt }) => ({
      product: toProduct(product),
      addedAt: addedAt.toISOString(),
    }));
  }

  /**
   * Adds a product (404 when there is no such product, 409 when the wishlist is full); `added` is false
   * when it was there already.
   */
  async add(userId: string, productId: string): Promise<{ added: boolean; wishlist: WishlistItem[] }> {
    await this.existing(productId);
    const added = await inTransaction(this.deps.db, async (tx) => {
      const [fresh] = await this.room(tx, userId, [productId]);
      if (!fresh) return 0;
      return insertWishlistItems(tx, userId, [fresh], await this.addedAt(tx, userId));
    });
    return { added: added > 0, wishlist: await this.list(userId) };
  }

  /** Removes a product (404 when there is no such product); one not in the wishlist leaves it as it is. */
  async remove(userId: string, productId: string): Promise<WishlistItem[]> {
    await this.existing(productId);
    await deleteWishlistItem(this.deps.db, userId, productId);
    return this.list(userId);
  }

  /**
   * Adds the guest's liked products that still exist (in the guest's order), skipping ones already
   * there, as many as the wishlist has room for (the rest are left out, not refused: the sign-in stands).
   */
  async merge(userId: string, productIds: readonly string[]): Promise<WishlistItem[]> {
    const wanted = [...new Set(productIds)].filter(isId);
    const live = new Set(await findLiveProductIds(this.deps.db, wanted));
    await inTransaction(this.deps.db, async (tx) => {
      const fresh = await this.room(
        tx,
        userId,
        wanted.filter((id) => live.has(id)),
        false,
      );
      await insertWishlistItems(tx, userId, fresh, await this.addedAt(tx, userId));
    });
    return this.list(userId);
  }

  /**
   * Of `ids`, those not in the wishlist yet, as many as fit, with the owner locked until the
   * transaction ends (two adds at once cannot both take the last place). With `strict`, a product
   * that does not fit is refused with 409 instead of left out.
   */
  private async room(tx: DbOrTx, userId: string, ids: readonly string[], strict = true): Promise<string[]> {
    await lockWishlistOwner(tx, userId);
    const there = new Set(await findWishlisted(tx, userId, ids));
    const fresh = ids.filter((id) => !there.has(id));
    const free = Math.max(0, WISHLIST_MAX - (await countWishlist(tx, userId)));
    if (strict && fresh.length > free) throw conflict(WISHLIST_MESSAGES.full);
    return fresh.slice(0, free);
  }

  /** Now, or just after the newest entry when the clock has not moved on since: the list keeps the order things were liked in. */
  private async addedAt(db: DbOrTx, userId: string): Promise<Date> {
    const newest = await findNewestAddedAt(db, userId);
    const now = this.deps.clock.now();
    return newest && newest.getTime() >= now.getTime() ? new Date(newest.getTime() + 1) : now;
  }

  private async existing(productId: string): Promise<void> {
    const found = isId(productId) ? await findLiveProductIds(this.deps.db, [productId]) : [];
    if (found.length === 0) throw notFound(CART_MESSAGES.productNotFound);
  }
}
