/** Browser storage keys, exactly as the spec names them. */
export const STORAGE_KEYS = {
  token: 'token',
  cart: 'cart',
  guestCart: 'guestCart',
  likes: 'Likes',
  guestLikes: 'guestLikes',
  /** The coupon a guest applied to the browser's cart (the spec's guest cart totals carry one). */
  guestCoupon: 'guestCoupon',
  /** The pincode the shopper last checked delivery to (not in the spec: Check delivery remembers it). */
  deliveryPincode: 'deliveryPincode',
} as const;

/**
 * A reply to a request whose session token is due for renewal carries the renewed token in this header;
 * the client keeps it in place of the old one (sliding renewal: an active session never expires).
 */
export const SESSION_TOKEN_HEADER = 'x-session-token';

export const TOAST_AUTO_CLOSE_MS = 1500;

/** The footer's newsletter: its offer and its two messages (the form is in the first load, without zod). */
export const NEWSLETTER_DISCOUNT_PERCENT = 10;
export const NEWSLETTER_INVALID_EMAIL = 'Please enter a valid email address.';
export const NEWSLETTER_SUBSCRIBED = 'Subscribed!';
export const SESSION_CHECK_INTERVAL_MS = 1000;

export const BANNER_TEXT = 'Summer Sale For All Swim Suits And Free Express Delivery-OFF 50%';
export const NOT_FOUND_TEXT = 'Your Visited page not found. You may go to homepage';

export const CART_QUANTITY = { min: 1, max: 99 } as const;
export const PRODUCT_STOCK_CAP_DEFAULT = 10;
export const ADMIN_SEARCH_MAX = 50;

export const ORDER_STATUSES = [
  'Pending',
  'Awaiting confirmation',
  'Processing',
  'Shipped',
  'Delivered',
  // Some delivered units came back and were received, the rest kept (decision 221).
  'Partly returned',
  'Completed',
  'Cancelled',
  'Returned',
  'Returned to origin',
  'Refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The shop's clock for "today" and calendar dates (dashboard days, coupon expiry dates): India, which
 * keeps UTC+05:30 all year (no daylight saving), so the offset is a constant.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
export const SHOP_UTC_OFFSET_MINUTES = 330;

/** Messages the client shows, from the spec's error catalogue. */
export const MESSAGES = {
  sessionExpiredReply: 'Session expired or unauthorized. Please log in again.',
  sessionExpiredGuard: 'Session expired, please log in again',
  sessionExpiredTick: 'Session expired. Please log in again.',
  notAdmin: 'You are not an admin',
} as const;

/** Sort keys of product listings: the spec's list ("size": smallest size on offer first, products without sizes last). */
export const PRODUCT_SORTS = ['featured', 'price-low', 'price-high', 'rating', 'newest', 'size'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_PAGE_SIZE = { default: 24, max: 100 } as const;
/** The listing's price slider, in rupees; it stretches further when the shop holds dearer products. */
export const PRICE_FILTER_RANGE = { min: 0, max: 1000 } as const;
/** Ratings run 1..5 stars; a rating filter of n means "n stars and up". */
export const RATING_MAX = 5;
/** The "& up" choices the listing offers, as the spec lists them; any whole 1..RATING_MAX is accepted. */
export const RATING_FILTER_VALUES = [4, 3, 2, 1] as const;

/** A profile picture may be at most this many bytes. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Most lines (product, colour, size) one cart holds; a guest cart brings at most this many to a merge. */
export const CART_MAX_LINES = 100;
/** Most products a guest wishlist brings to a merge at once. */
export const WISHLIST_MERGE_MAX = 100;
/** Most products one wishlist holds (a bound on what one account can store; the spec sets none). */
export const WISHLIST_MAX = 200;

/** The cart's messages: the spec's texts where it has them; server replies and client toasts share them. */
export const CART_MESSAGES = {
  added: 'Added to cart',
  removed: 'Removed from cart',
  updated: 'Cart updated',
  cleared: 'Cart cleared',
  empty: 'No Items in Cart',
  guestCartEmpty: 'Guest cart is empty.',
  chooseColourAndSize: 'Please select both color and size before adding to cart.',
  chooseQuantity: 'Please select quantity',
  confirmRemove: 'Are you sure you want to remove this item from the cart?',
  outOfStock: 'Product is out of stock',
  productNotFound: 'Product not found',
  notInCart: 'This item is not in your cart.',
  quantityRange: `Quantity must be between ${CART_QUANTITY.min} and ${CART_QUANTITY.max}`,
  cartFull: `Your cart can hold at most ${CART_MAX_LINES} different items. Remove one to add another.`,
  tooManyGuestLines: `At most ${CART_MAX_LINES} items can be moved into your cart at once.`,
  mergeFailed: 'An error occurred',
} as const;

/**
 * Why a coupon code cannot be used: one distinct message each. Applying a code checks them; checkout
 * checks them again when it creates the order (its colleague reuses these texts).
 */
export const COUPON_MESSAGES = {
  required: 'Please enter a coupon code',
  notFound: 'This coupon code does not exist.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has no redemptions left.',
  applied: 'Coupon code applied',
  removed: 'Coupon removed',
} as const;

/** The wishlist's toasts, as the spec words them. */
export const WISHLIST_MESSAGES = {
  added: 'Added to wishlist',
  alreadyThere: 'Product already in wishlist',
  removed: 'Removed from wishlist',
  outOfStock: 'Product is out of stock',
  full: `Your wishlist can hold at most ${WISHLIST_MAX} products. Remove one to add another.`,
} as const;

/** The checkout's messages, from the spec's catalogue where it has them; server and client share them. */
export const CHECKOUT_MESSAGES = {
  requiredFields: 'Please fill all required fields',
  loginFirst: 'Please login first',
  invalidEmail: 'Invalid email format',
  phoneDigits: 'Phone number must contain digits only',
  phoneLength: 'Phone number must be 10 digits',
  processing: 'Processing your purchase...',
  verifying: 'Verifying payment...',
  paid: 'Payment successful! You now track your order in your order history.',
  initiateFailed: 'Failed to initiate payment. Please try again.',
  verifyFailed: 'Payment verification failed. Please contact support.',
  emptyCart: 'Your cart is empty. Add something to it before checking out.',
  orderDeleted: 'Order deleted successfully!',
  fetchOrdersFailed: 'Failed to fetch orders. Please try again later.',
  noOrders: 'No orders found',
  noOrdersHint: "You haven't placed any orders yet.",
  paymentNotCompleted: 'Payment not completed. Your order is waiting for payment: pay it from My Orders.',
} as const;

/**
 * The shop settings' social links (the contact page shows those set): each field's network and the
 * hosts its pages live on (a subdomain of one counts), which the settings form checks.
 */
export const SOCIAL_NETWORKS = {
  facebookUrl: { label: 'Facebook', hosts: ['facebook.com'] },
  instagramUrl: { label: 'Instagram', hosts: ['instagram.com'] },
  xUrl: { label: 'X', hosts: ['x.com', 'twitter.com'] },
  youtubeUrl: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
} as const;
export type SocialLinkField = keyof typeof SOCIAL_NETWORKS;

/** How a shopper paid, in Razorpay's words; `manual` is a payment the admin recorded by hand. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
  manual: 'Recorded by the shop',
};

/** "Paid with UPI", or the provider's own word when it is one this shop does not name. */
export function paidWithText(method: string): string {
  const label = PAYMENT_METHOD_LABELS[method];
  return method === 'manual' ? label! : `Paid with ${label ?? method}`;
}
/** The ship form's choice for a carrier the shop has not listed (schemas/shipments.ts). */
export const OTHER_CARRIER = 'other';
