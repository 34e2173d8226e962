import {
  CART_MAX_LINES,
  CART_MESSAGES,
  CART_QUANTITY,
  type CartChange,
  cartTotals,
  discountedPaise,
  formatINR,
  idSchema,
  paiseToRupees,
  priceForDelivery,
  rupeesToPaise,
  taxLines,
} from '@bazaar/shared';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { imageUrl } from '../catalogue/index';
import type { CouponsService } from '../coupons/index';
import type { SettingsService } from '../settings/index';
import {
  type CartLineRow,
  type CartProductRow,
  type CartVariantRow,
  cartLineStats,
  deleteCartLines,
  emptyCart,
  findCart,
  findCartLines,
  findCartProducts,
  findLineVariant,
  findProductLines,
  findVariant,
  insertCartLine,
  lockCart,
  openCart,
  setCartCoupon,
  setLineQuantity,
} from './cart.repo';
import type { CartVariant, MergedCart, PricedCart, PricedCartLine } from './cart.types';

export interface CartServiceDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  coupons: CouponsService;
}

const NO_TAX = { included: false, lines: [] };

/** How `CouponsService.usable` refuses a code: unknown, expired, used up. */
const COUPON_REFUSALS = new Set(['NOT_FOUND', 'VALIDATION', 'CONFLICT']);

/** What a request asks of a line: a colour and a size, each left out, null or '' for "none chosen". */
export interface VariantInput {
  colour?: string | null | undefined;
  size?: string | null | undefined;
}

/** One line of a guest cart brought to a merge: the product, the choice, and what the guest saw it cost. */
export interface GuestLine extends VariantInput {
  productId: string;
  quantity: number;
  /** The guest's snapshot, only to tell the shopper what changed. */
  name?: string | undefined;
  priceRupees?: number | undefined;
  discount?: number | undefined;
}

// The database keeps "none chosen" as '' so that a line's identity (cart, product, colour, size) is one unique index.
const stored = (value: string | null | undefined) => value?.trim() ?? '';
const shown = (value: string) => (value === '' ? null : value);
const variantOf = (line: Pick<CartLineRow, 'colour' | 'size'>): CartVariant => ({
  colour: shown(line.colour),
  size: shown(line.size),
});

/**
 * The signed-in shopper's cart. Every change runs in one transaction that first locks the user's cart
 * row, so concurrent changes to one cart queue behind each other and none is lost; prices and stock are
 * read live from `products`; totals come from the shared pricing rule with the shop's delivery figures.
 */
export class CartService {
  constructor(private readonly deps: CartServiceDeps) {}

  /**
   * The user's cart, priced now. With `lock` it first takes `SELECT … FOR UPDATE` on the cart row, so
   * nothing changes the cart until the caller's transaction ends (call it inside one, e.g. checkout).
   */
  async priced(db: DbOrTx, userId: string, opts: { lock?: boolean } = {}): Promise<PricedCart> {
    const cart = opts.lock ? await lockCart(db, userId) : await findCart(db, userId);
    const pricing = await this.deps.settings.pricing(db);
    if (!cart) {
      return { cartId: null, lines: [], coupon: null, totals: cartTotals([], 0, pricing), tax: NO_TAX };
    }
    const rows = await findCartLines(db, cart.id);
    const coupon = cart.couponId
      ? await this.deps.coupons.stillUsable(db, cart.couponId, this.deps.clock.now())
      : undefined;
    const lines = rows.map(({ line, product }) => toPricedLine(line, product));
    // Before an address is chosen: the default zone's fee, and in GST mode the tax without its split.
    const priced = priceForDelivery(
      lines,
      coupon?.discount ?? 0,
      { feePaise: pricing.shippingFeePaise, freeAbovePaise: pricing.freeShippingThresholdPaise },
      await this.deps.settings.taxSetup(db),
      null,
    );
    return {
      cartId: cart.id,
      lines,
      coupon: coupon ? { id: coupon.id, code: coupon.code, discount: coupon.discount } : null,
      totals: priced.totals,
      tax: { included: priced.taxIncluded, lines: taxLines(priced) },
    };
  }

  /**
   * A guest's cart (the browser's lines) priced as an account's would be: live prices and variants,
   * the coupon if usable now, the default zone's fee and the shop's tax mode ("incl. GST" in GST
   * mode). Lines of products gone or no longer sold in that choice are left out. Nothing is written.
   */
  async quote(guestLines: readonly GuestLine[], couponCode?: string): Promise<PricedCart> {
    const { db, clock } = this.deps;
    const ids = [...new Set(guestLines.map((l) => l.productId))].filter(
      (id) => idSchema.safeParse(id).success,
    );
    const products = new Map((await findCartProducts(db, ids)).map((p) => [p.id, p]));
    const lines: PricedCartLine[] = [];
    for (const [i, line] of guestLines.entries()) {
      const product = products.get(line.productId);
      if (!product) continue;
      const colour = stored(line.colour);
      const size = stored(line.size);
      const sold = await findLineVariant(db, product.id, colour, size);
      if (!sold?.active) continue;
      const quantity = Math.min(CART_QUANTITY.max, Math.max(CART_QUANTITY.min, line.quantity));
      lines.push(toPricedLine({ id: `guest-${i}`, quantity, colour, size }, asSold(product, sold)));
    }
    let coupon: PricedCart['coupon'] = null;
    if (couponCode) {
      try {
        const found = await this.deps.coupons.usable(db, couponCode, clock.now());
        coupon = { id: found.id, code: found.code, discount: found.discount };
      } catch (error) {
        if (!(error instanceof AppError && COUPON_REFUSALS.has(error.code))) throw error;
      }
    }
    const pricing = await this.deps.settings.pricing(db);
    const priced = priceForDelivery(
      lines,
      coupon?.discount ?? 0,
      { feePaise: pricing.shippingFeePaise, freeAbovePaise: pricing.freeShippingThresholdPaise },
      await this.deps.settings.taxSetup(db),
      null,
    );
    return {
      cartId: null,
      lines,
      coupon,
      totals: priced.totals,
      tax: { included: priced.taxIncluded, lines: taxLines(priced) },
    };
  }

  /** The user's cart as it is now. */
  get(userId: string): Promise<PricedCart> {
    return this.priced(this.deps.db, userId);
  }

  /**
   * Adds `quantity` of a product in a colour and size; the same line again raises its quantity. The
   * line stays within 1..99 and within the stock; the colour and size must be the product's own.
   */
  add(userId: string, input: VariantInput & { productId: string; quantity: number }): Promise<PricedCart> {
    return inTransaction(this.deps.db, async (tx) => {
      const cart = await openCart(tx, userId, this.deps.clock.now());
      const listed = await this.product(tx, input.productId);
      const variant = checkVariant(listed, input);
      const sold = await findLineVariant(tx, listed.id, stored(variant.colour), stored(variant.size));
      if (!sold?.active) throw conflict(notSoldIn(listed, variant));
      const product = asSold(listed, sold);
      const existing = (await findProductLines(tx, cart.id, product.id)).find((l) => sameVariant(l, variant));
      const held = existing?.quantity ?? 0;
      checkQuantity(product, held + input.quantity, held);
      if (existing) await setLineQuantity(tx, existing.id, held + input.quantity);
      else {
        const stats = await cartLineStats(tx, cart.id);
        if (stats.lines >= CART_MAX_LINES) throw conflict(CART_MESSAGES.cartFull);
        await insertCartLine(tx, {
          cartId: cart.id,
          productId: product.id,
          quantity: input.quantity,
          colour: stored(variant.colour),
          size: stored(variant.size),
          variantId: sold.id,
          createdAt: addedAfter(stats.lastAddedAt, this.deps.clock.now()),
        });
      }
      return this.priced(tx, userId);
    });
  }

  /**
   * Sets a line's quantity (1..99, at most the stock). With a colour or size the line is that one;
   * without, the product's only line (400 when it has several).
   */
  update(userId: string, productId: string, input: VariantInput & { qty: number }): Promise<PricedCart> {
    return inTransaction(this.deps.db, async (tx) => {
      const cart = await lockCart(tx, userId);
      const listed = await this.product(tx, productId);
      const lines = cart ? await findProductLines(tx, cart.id, listed.id) : [];
      const line = pickLine(lines, input);
      const sold = line.variantId
        ? await findVariant(tx, line.variantId)
        : await findLineVariant(tx, listed.id, line.colour, line.size);
      if (!sold?.active)
        throw conflict(notSoldIn(listed, { colour: shown(line.colour), size: shown(line.size) }));
      checkQuantity(asSold(listed, sold), input.qty, 0);
      await setLineQuantity(tx, line.id, input.qty);
      return this.priced(tx, userId);
    });
  }

  /**
   * Removes a product's line in the given colour and size, or every line of it when neither is given.
   * Removing what is not there leaves the cart as it is (a second click is harmless).
   */
  remove(userId: string, productId: string, variant: VariantInput): Promise<PricedCart> {
    return inTransaction(this.deps.db, async (tx) => {
      const cart = await lockCart(tx, userId);
      const lines =
        cart && idSchema.safeParse(productId).success ? await findProductLines(tx, cart.id, productId) : [];
      const whole = variant.colour === undefined && variant.size === undefined;
      const wanted = whole ? lines : lines.filter((l) => sameVariant(l, normalised(variant)));
      if (cart && wanted.length > 0)
        await deleteCartLines(
          tx,
          cart.id,
          wanted.map((l) => l.id),
        );
      else if (lines.length === 0) await this.product(tx, productId);
      return this.priced(tx, userId);
    });
  }

  /** Empties the user's cart and drops its coupon (checkout calls it inside its own transaction). */
  async clear(db: DbOrTx, userId: string): Promise<void> {
    await inTransaction(db, async (tx) => {
      const cart = await lockCart(tx, userId);
      if (cart) await emptyCart(tx, cart.id);
    });
  }

  /** The shopper's "clear cart": empties it and answers the empty cart. */
  async empty(userId: string): Promise<PricedCart> {
    return inTransaction(this.deps.db, async (tx) => {
      await this.clear(tx, userId);
      return this.priced(tx, userId);
    });
  }

  /**
   * Adds the guest cart's lines to the account's cart by the same rules as `add`, in one transaction.
   * What cannot come across as the guest had it is reported: products gone, out of stock or no longer
   * offered in that colour or size (dropped), quantities lowered to the stock, prices changed since.
   * The guest's coupon, if any, is checked again as `applyCoupon` checks it and applied; one that ended
   * or ran out meanwhile is dropped with its reason (`couponRefusal`), the cart keeping its own.
   */
  merge(userId: string, guestLines: readonly GuestLine[], couponCode?: string): Promise<MergedCart> {
    if (guestLines.length === 0) throw badRequest(CART_MESSAGES.guestCartEmpty);
    if (guestLines.length > CART_MAX_LINES) throw badRequest(CART_MESSAGES.tooManyGuestLines);
    return inTransaction(this.deps.db, async (tx) => {
      const now = this.deps.clock.now();
      const cart = await openCart(tx, userId, now);
      const ids = [...new Set(guestLines.map((l) => l.productId))].filter(
        (id) => idSchema.safeParse(id).success,
      );
      const products = new Map((await findCartProducts(tx, ids)).map((p) => [p.id, p]));
      const current = await findCartLines(tx, cart.id);
      const lines = current.map(({ line }) => line);
      const changes: CartChange[] = [];
      const report = (
        guest: GuestLine,
        product: CartProductRow | undefined,
        kind: CartChange['kind'],
        message: string,
      ) =>
        changes.push({
          productId: guest.productId,
          name: product?.name ?? guest.name ?? 'A product',
          colour: shown(stored(guest.colour)),
          size: shown(stored(guest.size)),
          kind,
          message,
        });

      for (const guest of combineGuestLines(guestLines)) {
        const listed = products.get(guest.productId);
        if (!listed) {
          report(
            guest,
            undefined,
            'unavailable',
            `${guest.name ?? 'A product'} is no longer sold and was left out.`,
          );
          continue;
        }
        const variant = normalised(guest);
        const sold = offers(listed, variant)
          ? await findLineVariant(tx, listed.id, stored(variant.colour), stored(variant.size))
          : undefined;
        if (!sold?.active) {
          report(
            guest,
            listed,
            'optionUnavailable',
            `${listed.name} is no longer offered in ${describe(variant)} and was left out.`,
          );
          continue;
        }
        const product = asSold(listed, sold);
        if (product.countInStock <= 0) {
          report(guest, product, 'outOfStock', `${product.name} is out of stock and was left out.`);
          continue;
        }
        const existing = lines.find((l) => l.productId === product.id && sameVariant(l, variant));
        if (!existing && lines.length >= CART_MAX_LINES) {
          report(guest, product, 'cartFull', `${product.name} was left out: ${CART_MESSAGES.cartFull}`);
          continue;
        }
        const held = existing?.quantity ?? 0;
        const cap = Math.min(CART_QUANTITY.max, product.countInStock);
        const quantity = Math.max(held, Math.min(held + guest.quantity, cap));
        if (quantity < held + guest.quantity) {
          report(
            guest,
            product,
            'quantityReduced',
            `Only ${cap} of ${product.name} can be in your cart, so it holds ${quantity}.`,
          );
        }
        const seen = guestSalePaise(guest);
        const today = discountedPaise(product.pricePaise, product.discount);
        if (seen !== undefined && seen !== today) {
          report(
            guest,
            product,
            'priceChanged',
            `${product.name} now costs ${formatINR(paiseToRupees(today))} (it was ${formatINR(paiseToRupees(seen))}).`,
          );
        }
        if (existing) {
          if (quantity !== held) await setLineQuantity(tx, existing.id, quantity);
          existing.quantity = quantity;
        } else {
          const last = lines.reduce<Date | null>((a, l) => (a && a >= l.createdAt ? a : l.createdAt), null);
          const line = {
            cartId: cart.id,
            productId: product.id,
            quantity,
            colour: stored(variant.colour),
            size: stored(variant.size),
            variantId: sold.id,
            createdAt: addedAfter(last, now),
          };
          await insertCartLine(tx, line);
          lines.push({ ...line, id: '' });
        }
      }
      const couponRefusal = couponCode ? await this.takeGuestCoupon(tx, cart.id, couponCode, now) : null;
      return { ...(await this.priced(tx, userId)), changes, couponRefusal };
    });
  }

  /** Applies the guest's coupon to the cart if it is usable now; otherwise the sentence saying why not. */
  private async takeGuestCoupon(tx: DbOrTx, cartId: string, code: string, now: Date): Promise<string | null> {
    try {
      const coupon = await this.deps.coupons.usable(tx, code, now);
      await setCartCoupon(tx, cartId, coupon.id);
      return null;
    } catch (error) {
      // The coupon's own refusals are the shopper's to read; anything else (the database) fails the merge.
      if (!(error instanceof AppError && COUPON_REFUSALS.has(error.code))) throw error;
      return `The coupon ${code.toUpperCase()} was not applied to your cart: ${error.message}`;
    }
  }

  /** Applies a coupon code (any case) after checking it exists, has not expired and has redemptions left. */
  applyCoupon(userId: string, code: string): Promise<PricedCart> {
    return inTransaction(this.deps.db, async (tx) => {
      const now = this.deps.clock.now();
      const cart = await openCart(tx, userId, now);
      const coupon = await this.deps.coupons.usable(tx, code, now);
      await setCartCoupon(tx, cart.id, coupon.id);
      return this.priced(tx, userId);
    });
  }

  /** Takes the applied coupon off the cart (nothing to do when none is applied). */
  removeCoupon(userId: string): Promise<PricedCart> {
    return inTransaction(this.deps.db, async (tx) => {
      const cart = await lockCart(tx, userId);
      if (cart?.couponId) await setCartCoupon(tx, cart.id, null);
      return this.priced(tx, userId);
    });
  }

  /** A live, unarchived product, or 404 (an id that is not even a UUID included). */
  private async product(db: DbOrTx, productId: string): Promise<CartProductRow> {
    const [product] = idSchema.safeParse(productId).success ? await findCartProducts(db, [productId]) : [];
    if (!product) throw notFound(CART_MESSAGES.productNotFound);
    return product;
  }
}

/**
 * When a new line counts as added: now, or just after the newest line when the clock has not moved on
 * since (lines show in the order they were added, and a merge adds several in the same millisecond).
 */
function addedAfter(last: Date | null, now: Date): Date {
  return last && last.getTime() >= now.getTime() ? new Date(last.getTime() + 1) : now;
}

function toPricedLine(
  line: Pick<CartLineRow, 'id' | 'quantity' | 'colour' | 'size'>,
  product: CartProductRow,
): PricedCartLine {
  const image = product.productImage ?? product.images[0] ?? null;
  return {
    lineId: line.id,
    productId: product.id,
    variantId: product.variantId ?? null,
    sku: product.sku ?? null,
    name: product.name,
    image: image ? imageUrl(image) : null,
    ...variantOf(line),
    quantity: line.quantity,
    unitPricePaise: product.pricePaise,
    discountPercent: product.discount,
    linePaise: discountedPaise(product.pricePaise, product.discount) * line.quantity,
    stock: product.countInStock,
    hsn: product.hsn,
    gstRateBp: product.gstRateBp,
    colours: product.colours,
    sizes: product.sizes,
  };
}

/** The product as this variant sells it: the variant's stock (none when switched off) and price. */
function asSold(product: CartProductRow, variant: CartVariantRow): CartProductRow {
  return {
    ...product,
    countInStock: variant.active ? variant.stock : 0,
    pricePaise: variant.pricePaise ?? product.pricePaise,
    variantId: variant.id,
    sku: variant.sku,
  };
}

function notSoldIn(product: CartProductRow, variant: CartVariant): string {
  return `${product.name} is not sold in ${describe(variant) || 'that choice'} any more. Please choose another.`;
}

function normalised(input: VariantInput): CartVariant {
  return { colour: shown(stored(input.colour)), size: shown(stored(input.size)) };
}

function sameVariant(line: CartLineRow, variant: CartVariant): boolean {
  return line.colour === stored(variant.colour) && line.size === stored(variant.size);
}

/** A chosen colour and size must be among the product's own; "none chosen" is always allowed. */
function offers(product: CartProductRow, variant: CartVariant): boolean {
  return (
    (variant.colour === null || product.colours.includes(variant.colour)) &&
    (variant.size === null || product.sizes.includes(variant.size))
  );
}

function checkVariant(product: CartProductRow, input: VariantInput): CartVariant {
  const variant = normalised(input);
  if (variant.colour !== null && !product.colours.includes(variant.colour)) {
    throw badRequest(
      product.colours.length > 0
        ? `${product.name} comes in ${product.colours.join(', ')}. Please choose one of them.`
        : `${product.name} has no colour to choose.`,
      { colour: 'Not one of the product’s colours' },
    );
  }
  if (variant.size !== null && !product.sizes.includes(variant.size)) {
    throw badRequest(
      product.sizes.length > 0
        ? `${product.name} comes in sizes ${product.sizes.join(', ')}. Please choose one of them.`
        : `${product.name} has no size to choose.`,
      { size: 'Not one of the product’s sizes' },
    );
  }
  return variant;
}

/**
 * A line may hold at most 99 and at most the stock. `held` is what the cart already holds of it, so
 * the message can say why an add is refused.
 */
function checkQuantity(product: CartProductRow, wanted: number, held: number): void {
  if (product.countInStock <= 0) throw conflict(CART_MESSAGES.outOfStock);
  if (wanted > CART_QUANTITY.max) {
    throw badRequest(
      held > 0
        ? `You can have at most ${CART_QUANTITY.max} of one item in your cart; it already holds ${held}.`
        : CART_MESSAGES.quantityRange,
    );
  }
  if (wanted > product.countInStock) {
    const stock = product.countInStock;
    const left = `Only ${stock} of ${product.name} ${stock === 1 ? 'is' : 'are'} in stock`;
    throw conflict(held > 0 ? `${left}, and your cart already holds ${held}.` : `${left}.`);
  }
}

/** The line an update means: the one in the given colour and size, or the product's only line. */
function pickLine(lines: CartLineRow[], input: VariantInput): CartLineRow {
  if (input.colour !== undefined || input.size !== undefined) {
    const variant = normalised(input);
    const line = lines.find((l) => sameVariant(l, variant));
    if (!line) throw notFound(CART_MESSAGES.notInCart);
    return line;
  }
  if (lines.length === 0) throw notFound(CART_MESSAGES.notInCart);
  if (lines.length > 1) {
    throw badRequest(
      'This product is in your cart in more than one colour or size: please say which line to change.',
    );
  }
  return lines[0]!;
}

/** The same product, colour and size twice in a guest cart is one line (quantities added, up to 99). */
function combineGuestLines(lines: readonly GuestLine[]): GuestLine[] {
  const byKey = new Map<string, GuestLine>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, stored(line.colour), stored(line.size)]);
    const seen = byKey.get(key);
    if (seen) seen.quantity = Math.min(CART_QUANTITY.max, seen.quantity + line.quantity);
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

function guestSalePaise(guest: GuestLine): number | undefined {
  if (guest.priceRupees === undefined) return undefined;
  return discountedPaise(rupeesToPaise(guest.priceRupees), guest.discount ?? 0);
}

function describe(variant: CartVariant): string {
  return [variant.colour, variant.size && `size ${variant.size}`].filter(Boolean).join(', ');
}
