import { CART_MESSAGES, idSchema, type WishlistItem } from '@bazaar/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { toProduct } from '../catalogue/product-view';
import {
  deleteWishlistItem,
  findLiveProductIds,
  findNewestAddedAt,
  findWishlist,
  insertWishlistItems,
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

  /** Adds a product (404 when there is no such product); `added` is false when it was there already. */
  async add(userId: string, productId: string): Promise<{ added: boolean; wishlist: WishlistItem[] }> {
    await this.existing(productId);
    const added = await insertWishlistItems(this.deps.db, userId, [productId], await this.addedAt(userId));
    return { added: added > 0, wishlist: await this.list(userId) };
  }

  /** Removes a product (404 when there is no such product); one not in the wishlist leaves it as it is. */
  async remove(userId: string, productId: string): Promise<WishlistItem[]> {
    await this.existing(productId);
    await deleteWishlistItem(this.deps.db, userId, productId);
    return this.list(userId);
  }

  /** Adds the guest's liked products that still exist (in the guest's order), skipping ones already there. */
  async merge(userId: string, productIds: readonly string[]): Promise<WishlistItem[]> {
    const wanted = [...new Set(productIds)].filter(isId);
    const live = new Set(await findLiveProductIds(this.deps.db, wanted));
    await insertWishlistItems(
      this.deps.db,
      userId,
      wanted.filter((id) => live.has(id)),
      await this.addedAt(userId),
    );
    return this.list(userId);
  }

  /** Now, or just after the newest entry when the clock has not moved on since: the list keeps the order things were liked in. */
  private async addedAt(userId: string): Promise<Date> {
    const newest = await findNewestAddedAt(this.deps.db, userId);
    const now = this.deps.clock.now();
    return newest && newest.getTime() >= now.getTime() ? new Date(newest.getTime() + 1) : now;
  }

  private async existing(productId: string): Promise<void> {
    const found = isId(productId) ? await findLiveProductIds(this.deps.db, [productId]) : [];
    if (found.length === 0) throw notFound(CART_MESSAGES.productNotFound);
  }
}
