import { z } from 'zod';
import { WISHLIST_MERGE_MAX } from '../constants';
import { productSchema } from './catalogue';
import { text } from './common';

/** One wishlist entry: the product as the catalogue shows it (live price and stock), and when it was liked. */
export const wishlistItemSchema = z
  .object({ product: productSchema, addedAt: z.string() })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** Every wishlist route replies with the whole wishlist, oldest first; add and remove say what they did. */
export const wishlistReplySchema = z
  .object({ wishlist: z.array(wishlistItemSchema), message: z.string().optional() })
  .meta({ id: 'Wishlist' });
export type WishlistReply = z.infer<typeof wishlistReplySchema>;

export const wishlistProductParamsSchema = z.object({ productId: z.string().max(100) });

/** A guest wishlist entry as the browser keeps it (`guestLikes`); only the id matters to the server. */
export const guestLikeSchema = z
  .object({
    _id: z.string().max(100),
    name: text().max(300).optional(),
    image: z.string().max(2000).nullish(),
    price: z.number().optional(),
    discount: z.number().optional(),
  })
  .strict();

/** POST /wishlist/merge. Products that no longer exist are skipped; an empty list changes nothing. */
export const wishlistMergeBodySchema = z
  .object({
    guestLikes: z
      .array(guestLikeSchema)
      .max(
        WISHLIST_MERGE_MAX,
        `At most ${WISHLIST_MERGE_MAX} products can be moved into your wishlist at once.`,
      ),
  })
  .strict();
export type WishlistMergeBody = z.input<typeof wishlistMergeBodySchema>;
