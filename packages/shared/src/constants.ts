/** Browser storage keys, exactly as the spec names them. */
export const STORAGE_KEYS = {
  token: 'token',
  cart: 'cart',
  guestCart: 'guestCart',
  likes: 'Likes',
  guestLikes: 'guestLikes',
} as const;

export const TOAST_AUTO_CLOSE_MS = 1500;
export const SESSION_CHECK_INTERVAL_MS = 1000;

export const BANNER_TEXT = 'Summer Sale For All Swim Suits And Free Express Delivery-OFF 50%';
export const NOT_FOUND_TEXT = 'Your Visited page not found. You may go to homepage';

export const CART_QUANTITY = { min: 1, max: 99 } as const;
export const PRODUCT_STOCK_CAP_DEFAULT = 10;
export const ADMIN_SEARCH_MAX = 50;

export const ORDER_STATUSES = [
  'Pending',
  'Processing',
  'Shipped',
  'Delivered',
  'Completed',
  'Cancelled',
  'Returned',
  'Refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Messages the client shows, from the spec's error catalogue. */
export const MESSAGES = {
  sessionExpiredReply: 'Session expired or unauthorized. Please log in again.',
  sessionExpiredGuard: 'Session expired, please log in again',
  sessionExpiredTick: 'Session expired. Please log in again.',
  notAdmin: 'You are not an admin',
} as const;
