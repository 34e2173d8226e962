import { z } from 'zod';
import { CHECKOUT_MESSAGES, ORDER_STATUSES } from '../constants';
import { checkGstin, normaliseGstin } from '../gst/gstin';
import { idSchema, isoDate, text } from './common';
import { paymentWindowSchema } from './payments';
import { taxLineSchema } from './tax-settings';

// Checkout and the shopper's orders: the billing form, the order the server prices itself, and My Orders.

/** The spec's limits of the billing form. */
export const CHECKOUT_LIMITS = {
  firstName: 50,
  lastName: 50,
  street: 200,
  apartment: 100,
  city: 100,
  state: 100,
  pinCode: 20,
  phoneDigits: 10,
  email: 254,
} as const;

const required = (max: number, label: string) =>
  text()
    .trim()
    .min(1, CHECKOUT_MESSAGES.requiredFields)
    .max(max, `${label} must be at most ${max} characters`);
const optional = (max: number, label: string) =>
  text()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);
// An empty field says only that it is required.
const phone = z
  .string()
  .trim()
  .min(1, { error: CHECKOUT_MESSAGES.requiredFields, abort: true })
  .regex(/^\d+$/, CHECKOUT_MESSAGES.phoneDigits)
  .length(CHECKOUT_LIMITS.phoneDigits, CHECKOUT_MESSAGES.phoneLength);
const email = z
  .string()
  .trim()
  .min(1, { error: CHECKOUT_MESSAGES.requiredFields, abort: true })
  .max(CHECKOUT_LIMITS.email, CHECKOUT_MESSAGES.invalidEmail)
  .pipe(z.email(CHECKOUT_MESSAGES.invalidEmail))
  .transform((e) => e.toLowerCase());

/**
 * The checkout's 'Billing Details' form. The spec enforces first name, email and phone; a parcel also
 * needs a street, city, state and pin code to arrive, so those are required too
 * (docs/decisions/113-billing-details.md).
 */
export const billingDetailsSchema = z
  .object({
    firstName: required(CHECKOUT_LIMITS.firstName, 'First name'),
    lastName: optional(CHECKOUT_LIMITS.lastName, 'Last name'),
    street: required(CHECKOUT_LIMITS.street, 'Street address'),
    apartment: optional(CHECKOUT_LIMITS.apartment, 'Apartment, floor'),
    city: required(CHECKOUT_LIMITS.city, 'City'),
    state: required(CHECKOUT_LIMITS.state, 'State'),
    pinCode: required(CHECKOUT_LIMITS.pinCode, 'Pin code'),
    phone,
    email,
  })
  .strict();
export type BillingDetails = z.input<typeof billingDetailsSchema>;

export const shippingAddressSchema = z
  .object({
    street: required(CHECKOUT_LIMITS.street, 'Street address'),
    apartment: optional(CHECKOUT_LIMITS.apartment, 'Apartment'),
    building: optional(CHECKOUT_LIMITS.apartment, 'Building'),
    floor: optional(CHECKOUT_LIMITS.apartment, 'Floor'),
    landmark: optional(CHECKOUT_LIMITS.street, 'Landmark'),
    city: required(CHECKOUT_LIMITS.city, 'City'),
    state: required(CHECKOUT_LIMITS.state, 'State'),
    country: optional(CHECKOUT_LIMITS.city, 'Country').transform((v) => v ?? 'India'),
    pinCode: required(CHECKOUT_LIMITS.pinCode, 'Pin code'),
    /** Set by the server from the address book (or the state's name): the GST state code, place of supply. */
    stateCode: z
      .string()
      .regex(/^[0-9]{2}$/)
      .optional(),
    /** The address book's recipient, when it differs from the buyer. */
    recipientName: optional(CHECKOUT_LIMITS.firstName + CHECKOUT_LIMITS.lastName + 1, 'Name'),
    recipientPhone: optional(CHECKOUT_LIMITS.phoneDigits, 'Phone'),
  })
  .strict();
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/**
 * POST /orders, with the spec's fields. The server prices the signed-in shopper's own cart: whatever
 * `orderItems`, `isPaid` or a total the client sends is accepted only to be ignored (older clients send
 * them). Other unknown fields are refused.
 */
export const createOrderBodySchema = z
  .object({
    /** Typed at checkout; or `addressId`, an address of the shopper's book, which the order copies. */
    shippingAddress: shippingAddressSchema.optional(),
    addressId: z.string().max(100).optional(),
    /** A business buyer's GSTIN (a B2B tax invoice) and its registered name. */
    buyerGstin: z
      .string()
      .trim()
      .max(20)
      .optional()
      .transform((v) => (v ? normaliseGstin(v) : undefined))
      .refine((v) => v === undefined || checkGstin(v).ok, {
        message: 'Enter a valid GSTIN (15 characters), or leave it empty',
      }),
    buyerLegalName: optional(200, 'Registered business name'),
    phone,
    email,
    name: required(CHECKOUT_LIMITS.firstName + CHECKOUT_LIMITS.lastName + 1, 'Name'),
    paymentMethod: z.string().max(40).optional(),
    orderItems: z.array(z.unknown()).max(1000).optional(),
    isPaid: z.unknown().optional(),
    cartId: z.string().max(100).optional(),
    totalPrice: z.unknown().optional(),
    totalAmount: z.unknown().optional(),
  })
  .strict()
  .refine((b) => b.shippingAddress !== undefined || b.addressId !== undefined, {
    path: ['shippingAddress'],
    message: 'Choose a delivery address or enter one',
  });
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;
export type CreateOrderInput = z.output<typeof createOrderBodySchema>;

/**
 * POST /cart/checkout: the spec's checkout of the cart, with an empty body. The billing details are the
 * account's own (its last order's, else its profile's); nothing else may be sent.
 */
/** GET /orders/checkout: price for an address of the book. */
export const checkoutQuerySchema = z.object({ addressId: z.string().max(100).optional() });

export const cartCheckoutBodySchema = z.object({}).strict().nullish();

/** POST /orders and POST /orders/{id}/pay: the order, and what the payment window needs. */
export const orderPaymentReplySchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    razorpayOrderId: z.string(),
    /** What the window collects, in paise (the spec's total × 100). */
    amount: z.number().int(),
    currency: z.literal('INR'),
    ...paymentWindowSchema.shape,
    /** The shop's name, shown in the payment window. */
    name: z.string(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
    /** Until when the order waits for its payment. */
    expiresAt: isoDate,
  })
  .meta({ id: 'OrderPayment' });
export type OrderPaymentReply = z.infer<typeof orderPaymentReplySchema>;

/**
 * POST /orders/verify: what the payment window handed back. `orderId` is the shop's order; the
 * signature is checked against the provider order stored for it (`razorpayOrderId`, when sent, must be
 * that one). `cartId` is accepted as the spec sends it: the server clears the caller's own cart.
 */
export const verifyPaymentBodySchema = z
  .object({
    orderId: z.string().max(100),
    paymentId: z.string().min(1).max(100),
    signature: z.string().min(1).max(200),
    razorpayOrderId: z.string().max(100).optional(),
    cartId: z.string().max(100).nullish(),
  })
  .strict();
export type VerifyPaymentBody = z.input<typeof verifyPaymentBodySchema>;

export const verifyPaymentReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
});
export type VerifyPaymentReply = z.infer<typeof verifyPaymentReplySchema>;

export const orderIdParamsSchema = z.object({ id: idSchema });

export const myOrderItemSchema = z.object({
  _id: z.string(),
  /** The product's id (Buy Again), null when the product was since deleted. */
  product: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** Price of one unit as paid, in rupees (after the product's discount). */
  price: z.number(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
});

export const myOrderSchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** When it was placed. */
    date: isoDate,
    /** Rupees. */
    total: z.number(),
    subtotal: z.number(),
    shipping: z.number(),
    tax: z.number(),
    discount: z.number(),
    couponCode: z.string().nullable(),
    isPaid: z.boolean(),
    paidAt: isoDate.nullable(),
    /** How it was paid, in Razorpay's words (card, upi, netbanking, …; manual when the admin recorded it). */
    paidWith: z.string().nullable(),
    orderItems: z.array(myOrderItemSchema),
    /** The tracking number, once shipped. */
    tracking: z.string().nullable(),
    /** The carrier and its page for this parcel (null when the carrier has none), once shipped. */
    carrier: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** The expected delivery day (the shipment's, else an estimate once paid); the day it came when delivered. */
    deliveryDate: isoDate.nullable(),
    /** Until when an unpaid order can still be paid (Pay now); null once paid or ended. */
    payBy: isoDate.nullable(),
    shippingAddress: z.record(z.string(), z.string().optional()),
  })
  .meta({ id: 'MyOrder' });
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersReplySchema = z.object({ orders: z.array(myOrderSchema) });
export type MyOrdersReply = z.infer<typeof myOrdersReplySchema>;

/** The checkout's answer for the chosen address: COD with its fee (rupees), or why not. */
export const checkoutCodSchema = z.object({
  available: z.boolean(),
  /** The COD fee added to the delivery charge, rupees; null when not available. */
  fee: z.number().nullable(),
  /** Why it is not offered (the pincode's zone, the order's value, open COD orders); null when it is. */
  reason: z.string().nullable(),
});
export type CheckoutCod = z.infer<typeof checkoutCodSchema>;

/** GET /orders/checkout: the cart as the order would price it, and the address the shopper used last. */
export const checkoutSummarySchema = z.object({
  items: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      colour: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      /** One unit after the product's discount, rupees. */
      price: z.number(),
      /** The line's total, rupees. */
      lineTotal: z.number(),
      stock: z.number().int(),
    }),
  ),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** How long a placed order waits for its payment, minutes. */
  holdMinutes: z.number().int(),
  /**
   * Set when the order would hold items of an unpaid order the shopper deleted a moment ago: those
   * keep that order's deadline, so the new order must be paid by then.
   */
  payBy: isoDate.nullable(),
  /** What the shopper cannot hold now (a product, or the coupon: null), with why; placing would be refused. */
  holdRefusals: z.array(z.object({ product: z.string().nullable(), message: z.string() })),
  /** True in GST mode (tax inside the prices), with the rows to show; the split once the address is known. */
  taxIncluded: z.boolean().optional(),
  taxLines: z.array(taxLineSchema).optional(),
  /** Priced for this address of the book (GET /orders/checkout?addressId=…): its zone's fee, its state's tax. */
  addressId: z.string().nullable().optional(),
  /** Why the chosen address cannot be delivered to; null when it can. */
  deliveryRefusal: z.string().nullable().optional(),
  /** Cash on delivery for the chosen address (the server decides; the browser only shows it). */
  cod: checkoutCodSchema.optional(),
  /** What the last order was delivered to, to fill the form with; null before the first order. */
  lastDetails: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      shippingAddress: z.record(z.string(), z.string().optional()),
    })
    .nullable(),
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;
