import { discountedPaise, paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import {
  cartTotals,
  DEFAULT_PRICING,
  guestPricedLine,
  lineTotalPaise,
  type PricingSettings,
} from '@bazaar/shared/pricing';
import type { CartReply } from '@bazaar/shared/schemas/cart';
import type { AppliedCoupon } from '@bazaar/shared/schemas/coupons';
import { useMemo } from 'react';
import { useShopSettings } from '@/lib/shop-settings';
import { useAccountCartQuery } from '../api/get-cart';
import { useGuestCartQuote } from '../api/quote-guest-cart';
import { type GuestCartLine, useGuestCart } from '../stores/guest-cart';
import { couponCounts, type GuestCoupon, useGuestCoupon } from '../stores/guest-coupon';

/** One row of the cart page, whoever's cart it is. Money in rupees. */
export interface CartLineView {
  /** Stable per line: the server's line id, or product + colour + size for a guest. */
  key: string;
  productId: string;
  name: string;
  image: string | null;
  price: number;
  salePrice: number;
  discount: number;
  quantity: number;
  colour: string | null;
  size: string | null;
  lineTotal: number;
  /** Units in stock now (null for a guest line: the browser keeps no stock figure). */
  countInStock: number | null;
}

export interface CartView {
  signedIn: boolean;
  /** True until a signed-in shopper's cart first arrives. */
  loading: boolean;
  lines: CartLineView[];
  subTotal: number;
  couponDiscount: number;
  shipping: number;
  tax: number;
  /** GST mode: the tax is inside the prices, shown as "incl. GST" rows under the total. */
  taxIncluded: boolean;
  taxLines: { label: string; amount: number }[];
  total: number;
  totalItems: number;
  coupon: AppliedCoupon | null;
}

function fromAccount(cart: CartReply): Omit<CartView, 'signedIn' | 'loading'> {
  return {
    lines: cart.cartItems.map((item) => ({
      key: item._id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: item.price,
      salePrice: item.salePrice,
      discount: item.discount,
      quantity: item.quantity,
      colour: item.colour,
      size: item.size,
      lineTotal: item.lineTotal,
      countInStock: item.countInStock,
    })),
    subTotal: cart.subTotal,
    couponDiscount: cart.couponDiscount,
    shipping: cart.shipping,
    tax: cart.tax,
    taxIncluded: cart.taxIncluded ?? false,
    taxLines: cart.taxLines ?? [],
    total: cart.total,
    totalItems: cart.totalItems,
    coupon: cart.coupon,
  };
}

const guestKey = (productId: string, colour: string | null | undefined, size: string | null | undefined) =>
  JSON.stringify([productId, colour ?? '', size ?? '']);

/**
 * A guest's cart priced in the browser by the same rule the server uses, with the shop's delivery
 * figures and the coupon the server's check accepted (until it ends). Once the server's quote of
 * the same lines is in (`quote`: POST /cart/quote), its figures are shown instead: live prices, and
 * the shop's tax mode ("incl. GST ₹…" in GST mode, which the browser cannot know the rates of).
 */
export function guestCartView(
  lines: readonly GuestCartLine[],
  pricing: PricingSettings,
  stored: GuestCoupon | null = null,
  now = Date.now(),
  quote?: CartReply,
  previous?: CartReply,
): Omit<CartView, 'signedIn' | 'loading'> {
  const coupon = couponCounts(stored, now) ? stored : null;
  const local = guestLocalView(lines, pricing, coupon);
  if (!quote) {
    // Lines changed and their quote is on its way: in GST mode the tax stays inside the prices
    // (no flat line added) and its rows wait for the server's figures.
    return previous?.taxIncluded
      ? {
          ...local,
          tax: 0,
          total: paiseToRupees(rupeesToPaise(local.total) - rupeesToPaise(local.tax)),
          taxIncluded: true,
        }
      : local;
  }
  const priced = new Map(
    quote.cartItems.map((item) => [guestKey(item.productId, item.colour, item.size), item]),
  );
  return {
    ...local,
    lines: local.lines.map((line) => {
      const item = priced.get(line.key);
      return item
        ? {
            ...line,
            price: item.price,
            salePrice: item.salePrice,
            discount: item.discount,
            lineTotal: item.lineTotal,
          }
        : line;
    }),
    subTotal: quote.subTotal,
    couponDiscount: quote.couponDiscount,
    shipping: quote.shipping,
    tax: quote.tax,
    taxIncluded: quote.taxIncluded ?? false,
    taxLines: quote.taxLines ?? [],
    total: quote.total,
  };
}

function guestLocalView(
  lines: readonly GuestCartLine[],
  pricing: PricingSettings,
  coupon: GuestCoupon | null,
): Omit<CartView, 'signedIn' | 'loading'> {
  const totals = cartTotals(lines.map(guestPricedLine), coupon?.discount ?? 0, pricing);
  return {
    lines: lines.map((line) => {
      const priced = guestPricedLine(line);
      return {
        key: guestKey(line._id, line.colour, line.size),
        productId: line._id,
        name: line.name,
        image: line.image,
        price: line.price,
        salePrice: paiseToRupees(discountedPaise(rupeesToPaise(line.price), line.discount)),
        discount: line.discount,
        quantity: line.qty,
        colour: line.colour ?? null,
        size: line.size ?? null,
        lineTotal: paiseToRupees(lineTotalPaise(priced)),
        countInStock: null,
      };
    }),
    subTotal: paiseToRupees(totals.subTotalPaise),
    couponDiscount: paiseToRupees(totals.couponDiscountPaise),
    shipping: paiseToRupees(totals.shippingPaise),
    tax: paiseToRupees(totals.taxPaise),
    taxIncluded: false,
    taxLines: [],
    total: paiseToRupees(totals.totalPaise),
    totalItems: totals.totalItems,
    coupon: coupon && { code: coupon.code, discount: coupon.discount },
  };
}

/** The cart the cart page shows: the account's (priced by the server) or the guest's (priced here). */
export function useCartView(): CartView {
  const { signedIn, cart } = useAccountCartQuery({ fresh: true });
  const guestLines = useGuestCart((state) => state.lines);
  const guestCoupon = useGuestCoupon((state) => state.coupon);
  const settings = useShopSettings();
  const pricing = useMemo<PricingSettings>(
    () =>
      settings
        ? {
            ...DEFAULT_PRICING,
            shippingFeePaise: rupeesToPaise(settings.shippingFee),
            freeShippingThresholdPaise:
              settings.freeShippingThreshold === null ? null : rupeesToPaise(settings.freeShippingThreshold),
          }
        : DEFAULT_PRICING,
    [settings],
  );
  const quoteBody = useMemo(() => {
    const coupon = couponCounts(guestCoupon, Date.now()) ? guestCoupon : null;
    return {
      guestCart: guestLines.map((line) => ({
        _id: line._id,
        qty: line.qty,
        ...(line.colour ? { colour: line.colour } : {}),
        ...(line.size ? { size: line.size } : {}),
      })),
      ...(coupon ? { coupon: coupon.code } : {}),
    };
  }, [guestLines, guestCoupon]);
  const { quote, previous } = useGuestCartQuote(quoteBody, !signedIn);
  return useMemo(() => {
    if (signedIn) {
      if (!cart) return { signedIn, loading: true, ...guestCartView([], pricing) };
      return { signedIn, loading: false, ...fromAccount(cart) };
    }
    return {
      signedIn,
      loading: false,
      ...guestCartView(guestLines, pricing, guestCoupon, Date.now(), quote, previous),
    };
  }, [signedIn, cart, guestLines, guestCoupon, pricing, quote, previous]);
}
