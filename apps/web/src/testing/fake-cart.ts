import { CART_MESSAGES, COUPON_MESSAGES } from '@bazaar/shared/constants';
import { paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import { cartTotals, DEFAULT_PRICING, lineTotalPaise } from '@bazaar/shared/pricing';
import {
  type CartReply,
  cartRemoveQuerySchema,
  cartReplySchema,
  cartUpdateBodySchema,
} from '@bazaar/shared/schemas/cart';
import type { Product } from '@bazaar/shared/schemas/catalogue';
import { applyCouponBodySchema } from '@bazaar/shared/schemas/coupons';
import { http } from 'msw';
import { invalid, refuse, reply } from './api-server';
import { id } from './fixtures';

interface Line {
  _id: string;
  product: Product;
  quantity: number;
  colour: string | null;
  size: string | null;
}

/**
 * A signed-in shopper's cart as the server keeps it, in memory: the same rules the cart service
 * applies (a line holds 1..99 and at most the stock; a coupon is checked by its code), the totals
 * from the one shared pricing rule, every body checked and every reply built by the shared schemas.
 */
export class FakeCart {
  private lines: Line[] = [];
  private coupon: { code: string; discount: number } | null = null;
  /** Codes the shop has, upper-case, with their percent off. */
  coupons = new Map<string, number>();

  add(product: Product, quantity: number, variant: { colour?: string; size?: string } = {}): this {
    this.lines.push({
      _id: id(),
      product,
      quantity,
      colour: variant.colour ?? null,
      size: variant.size ?? null,
    });
    return this;
  }

  reply(): CartReply {
    const priced = this.lines.map((l) => ({
      unitPricePaise: rupeesToPaise(l.product.price),
      discount: l.product.discount,
      quantity: l.quantity,
    }));
    const totals = cartTotals(priced, this.coupon?.discount ?? 0, DEFAULT_PRICING);
    const total = paiseToRupees(totals.totalPaise);
    return cartReplySchema.parse({
      _id: id(),
      cartItems: this.lines.map((l, i) => ({
        _id: l._id,
        productId: l.product._id,
        name: l.product.name,
        image: l.product.productImage,
        price: l.product.price,
        discount: l.product.discount,
        salePrice: l.product.salePrice,
        quantity: l.quantity,
        colour: l.colour,
        size: l.size,
        lineTotal: paiseToRupees(lineTotalPaise(priced[i]!)),
        countInStock: l.product.countInStock,
        inStock: l.product.inStock,
        colours: l.product.colours,
        sizes: l.product.sizes,
      })),
      subTotal: paiseToRupees(totals.subTotalPaise),
      productDiscount: paiseToRupees(totals.productDiscountPaise),
      couponDiscount: paiseToRupees(totals.couponDiscountPaise),
      shipping: paiseToRupees(totals.shippingPaise),
      tax: paiseToRupees(totals.taxPaise),
      total,
      totalAmount: total,
      totalItems: totals.totalItems,
      coupon: this.coupon,
    });
  }

  private find(productId: string, variant: { colour?: string | null; size?: string | null }) {
    return this.lines.find(
      (l) =>
        l.product._id === productId &&
        (l.colour ?? '') === (variant.colour ?? '') &&
        (l.size ?? '') === (variant.size ?? ''),
    );
  }

  /** The cart routes the cart page calls. */
  handlers() {
    return [
      http.get('/api/cart/get', () => reply(cartReplySchema, this.reply())),
      http.put('/api/cart/update/:productId', async ({ request, params }) => {
        const body = cartUpdateBodySchema.safeParse(await request.json());
        if (!body.success) return invalid(body.error);
        const line = this.find(String(params.productId), body.data);
        if (!line) return refuse('NOT_FOUND', CART_MESSAGES.notInCart);
        const stock = line.product.countInStock;
        if (body.data.qty > stock) {
          const name = line.product.name;
          return refuse('CONFLICT', `Only ${stock} of ${name} ${stock === 1 ? 'is' : 'are'} in stock.`);
        }
        line.quantity = body.data.qty;
        return reply(cartReplySchema, this.reply());
      }),
      http.delete('/api/cart/remove/:productId', ({ request, params }) => {
        const query = cartRemoveQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return invalid(query.error);
        const productId = String(params.productId);
        const before = this.lines.length;
        this.lines = this.lines.filter(
          (l) =>
            l.product._id !== productId ||
            (query.data.colour !== undefined &&
              query.data.size !== undefined &&
              ((l.colour ?? '') !== query.data.colour || (l.size ?? '') !== query.data.size)),
        );
        if (this.lines.length === before) return refuse('NOT_FOUND', CART_MESSAGES.notInCart);
        return reply(cartReplySchema, this.reply());
      }),
      http.put('/api/cart/apply-coupon', async ({ request }) => {
        const body = applyCouponBodySchema.safeParse(await request.json());
        if (!body.success) return invalid(body.error);
        const code = body.data.coupon.toUpperCase();
        const discount = this.coupons.get(code);
        if (discount === undefined) return refuse('NOT_FOUND', COUPON_MESSAGES.notFound);
        this.coupon = { code, discount };
        return reply(cartReplySchema, this.reply());
      }),
      http.delete('/api/cart/coupon', () => {
        this.coupon = null;
        return reply(cartReplySchema, this.reply());
      }),
    ];
  }
}
