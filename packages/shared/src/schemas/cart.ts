import { z } from 'zod';
import { CART_MAX_LINES, CART_MESSAGES, CART_QUANTITY } from '../constants';
import { text } from './common';
import { appliedCouponSchema } from './coupons';
import { taxLineSchema } from './tax-settings';

/** A colour or size as a request names it; empty or left out means "none chosen". */
const variantValue = text().trim().max(100).nullish();

const quantity = z
  .number(CART_MESSAGES.quantityRange)
  .int(CART_MESSAGES.quantityRange)
  .min(CART_QUANTITY.min, CART_MESSAGES.quantityRange)
  .max(CART_QUANTITY.max, CART_MESSAGES.quantityRange);

/** POST /cart/add. The server prices the line itself; a price sent here would be refused as unknown. */
export const cartAddBodySchema = z
  .object({
    productId: z.string().max(100),
    quantity: quantity.default(1),
    colour: variantValue,
    size: variantValue,
  })
  .strict();
export type CartAddBody = z.input<typeof cartAddBodySchema>;

/**
 * PUT /cart/update/{productId}. `colour` and `size` name the line when the product has several in
 * the cart; with one line they may be left out.
 */
export const cartUpdateBodySchema = z
  .object({ qty: quantity, colour: variantValue, size: variantValue })
  .strict();
export type CartUpdateBody = z.input<typeof cartUpdateBodySchema>;

/**
 * DELETE /cart/remove/{productId}?colour=&size=: with either parameter, that line only (an empty
 * value is "none chosen"); without both, every line of the product.
 */
export const cartRemoveQuerySchema = z
  .object({ colour: text().trim().max(100).optional(), size: text().trim().max(100).optional() })
  .strict();
export type CartRemoveQuery = z.input<typeof cartRemoveQuerySchema>;

export const cartProductParamsSchema = z.object({ productId: z.string().max(100) });

/**
 * One line of the guest cart as the browser keeps it (`guestCart`): the product snapshot it showed
 * (name, image, price, discount: only used to tell the shopper what changed) and the choice.
 */
export const guestCartLineSchema = z
  .object({
    _id: z.string().max(100),
    name: text().max(300).optional(),
    image: z.string().max(2000).nullish(),
    /** Rupees before the product discount, as the guest saw it. */
    price: z.number().min(0).max(100_000_000).optional(),
    discount: z.number().min(0).max(100).optional(),
    qty: quantity,
    colour: variantValue,
    size: variantValue,
  })
  .strict();
export type GuestCartLineInput = z.input<typeof guestCartLineSchema>;

/** POST /cart/merge. An empty list is refused with the spec's 'Guest cart is empty.' (by the service). */
export const cartMergeBodySchema = z
  .object({
    guestCart: z.array(guestCartLineSchema).max(CART_MAX_LINES, CART_MESSAGES.tooManyGuestLines),
    /** The coupon the guest applied in the browser: checked again, and applied to the account's cart if usable. */
    coupon: z.string().trim().min(1).max(50).optional(),
  })
  .strict();
export type CartMergeBody = z.input<typeof cartMergeBodySchema>;

/**
 * POST /cart/quote: a guest's cart (the browser's lines, the coupon its check accepted) priced by the
 * server from the live catalogue with the shop's tax mode, as the signed-in cart is. Only shown: a
 * guest signs in before paying, and checkout prices the account's cart again.
 */
export const cartQuoteBodySchema = z
  .object({
    guestCart: z.array(guestCartLineSchema).max(CART_MAX_LINES, CART_MESSAGES.tooManyGuestLines),
    coupon: z.string().trim().min(1).max(50).optional(),
  })
  .strict();
export type CartQuoteBody = z.input<typeof cartQuoteBodySchema>;

/** One line of the signed-in cart, priced by the server from the live catalogue (rupees). */
export const cartItemSchema = z
  .object({
    /** The line's own id. */
    _id: z.string(),
    productId: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    /** Unit price before the product discount. */
    price: z.number(),
    /** The product's discount, percent. */
    discount: z.number().int(),
    /** Unit price after the product discount. */
    salePrice: z.number(),
    quantity: z.number().int(),
    /** null when none was chosen. */
    colour: z.string().nullable(),
    size: z.string().nullable(),
    /** salePrice × quantity. */
    lineTotal: z.number(),
    countInStock: z.number().int(),
    inStock: z.boolean(),
    /** The product's own choices, so the cart page can show them. */
    colours: z.array(z.string()),
    sizes: z.array(z.string()),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * The whole cart, as every cart route replies: lines and the shared pricing rule's totals, in rupees.
 * `total` and `totalAmount` are the same figure (the spec's replies carry both).
 */
export const cartReplySchema = z
  .object({
    _id: z.string().nullable(),
    cartItems: z.array(cartItemSchema),
    subTotal: z.number(),
    /** What the products' own discounts save against their list prices. */
    productDiscount: z.number(),
    couponDiscount: z.number(),
    shipping: z.number(),
    tax: z.number(),
    total: z.number(),
    totalAmount: z.number(),
    /** Units (the cart badge). */
    totalItems: z.number().int(),
    coupon: appliedCouponSchema.nullable(),
    /** True in GST mode: `tax` is inside the prices ("incl. GST"), not added to them. */
    taxIncluded: z.boolean().optional(),
    /** The tax rows to show: "Tax (10%)", or "incl. GST" (its split once the delivery state is known). */
    taxLines: z.array(taxLineSchema).optional(),
  })
  .meta({ id: 'Cart' });
export type CartReply = z.infer<typeof cartReplySchema>;

export const CART_CHANGE_KINDS = [
  /** The product no longer exists: the line was dropped. */
  'unavailable',
  /** Nothing left in stock: the line was dropped. */
  'outOfStock',
  /** The colour or size is no longer offered: the line was dropped. */
  'optionUnavailable',
  /** Fewer than asked are in stock (or the 99 cap was met): the quantity was lowered. */
  'quantityReduced',
  /** The price differs from what the guest cart showed: the line was kept at today's price. */
  'priceChanged',
  /** The cart already holds as many different items as it may: the line was dropped. */
  'cartFull',
] as const;
export type CartChangeKind = (typeof CART_CHANGE_KINDS)[number];

export const cartChangeSchema = z.object({
  productId: z.string(),
  name: z.string(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  kind: z.enum(CART_CHANGE_KINDS),
  /** A sentence for the shopper. */
  message: z.string(),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

/** POST /cart/merge: the account's cart after the merge, and what did not come across as it was. */
export const cartMergeReplySchema = cartReplySchema
  .extend({
    changes: z.array(cartChangeSchema),
    /** Why the guest's coupon was not applied (expired or used up meanwhile, unknown); null otherwise. */
    couponRefusal: z.string().nullable(),
  })
  .meta({ id: 'CartMerge' });
export type CartMergeReply = z.infer<typeof cartMergeReplySchema>;
