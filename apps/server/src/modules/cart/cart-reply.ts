import { type CartMergeReply, type CartReply, discountedPaise, paiseToRupees } from '@bazaar/shared';
import type { MergedCart, PricedCart } from './cart.types';

/** A priced cart as the spec's replies show it: `cartItems` and the totals, in rupees. */
export function toCartReply(cart: PricedCart): CartReply {
  const { totals } = cart;
  const total = paiseToRupees(totals.totalPaise);
  return {
    _id: cart.cartId,
    cartItems: cart.lines.map((line) => ({
      _id: line.lineId,
      productId: line.productId,
      name: line.name,
      image: line.image,
      price: paiseToRupees(line.unitPricePaise),
      discount: line.discountPercent,
      salePrice: paiseToRupees(discountedPaise(line.unitPricePaise, line.discountPercent)),
      quantity: line.quantity,
      colour: line.colour,
      size: line.size,
      lineTotal: paiseToRupees(line.linePaise),
      countInStock: line.stock,
      inStock: line.stock > 0,
      colours: line.colours,
      sizes: line.sizes,
    })),
    subTotal: paiseToRupees(totals.subTotalPaise),
    productDiscount: paiseToRupees(totals.productDiscountPaise),
    couponDiscount: paiseToRupees(totals.couponDiscountPaise),
    shipping: paiseToRupees(totals.shippingPaise),
    tax: paiseToRupees(totals.taxPaise),
    total,
    totalAmount: total,
    totalItems: totals.totalItems,
    coupon: cart.coupon ? { code: cart.coupon.code, discount: cart.coupon.discount } : null,
    taxIncluded: cart.tax.included,
    taxLines: cart.tax.lines,
  };
}

export function toCartMergeReply(cart: MergedCart): CartMergeReply {
  return { ...toCartReply(cart), changes: cart.changes, couponRefusal: cart.couponRefusal };
}
