/** The demo shop settings row and coupons. */

/**
 * Policy texts stay empty so the storefront's full built-in policy pages show; an admin who writes one
 * under Admin → Shop replaces the built-in page. Contact details match what the help pages quote.
 */
export const DEMO_SHOP_SETTINGS = {
  id: 1,
  name: 'Bazaar',
  email: 'support@bazaar.example',
  phone: '+91 80 4000 1234',
  // The contact page's second lines: orders and returns have their own desk.
  secondEmail: 'orders@bazaar.example',
  secondPhone: '+91 80 4000 5678',
  address: '12 MG Road, Bengaluru, Karnataka 560001, India',
  facebookUrl: 'https://www.facebook.com/bazaar.example',
  instagramUrl: 'https://www.instagram.com/bazaar.example',
  xUrl: 'https://x.com/bazaar_example',
  youtubeUrl: 'https://www.youtube.com/@bazaar.example',
  // The storefront's red, a little darker than the original #db4444 so text on it and in it passes WCAG AA.
  primaryColor: '#c53030',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoCoupon {
  code: string;
  discount: number;
  usageLimit: number;
  /** Days from the seeding moment. */
  expiresInDays: number;
}

export const DEMO_COUPONS: DemoCoupon[] = [
  { code: 'WELCOME10', discount: 10, usageLimit: 100, expiresInDays: 365 },
  { code: 'SAVE20', discount: 20, usageLimit: 50, expiresInDays: 180 },
  // Ended yesterday: the demo (and the cart journey) can show what an expired code says.
  { code: 'SPRING15', discount: 15, usageLimit: 100, expiresInDays: -1 },
];

export function couponRows(now: Date) {
  return DEMO_COUPONS.map((c) => ({
    code: c.code.toUpperCase(),
    discount: c.discount,
    usageLimit: c.usageLimit,
    expiresAt: new Date(now.getTime() + c.expiresInDays * DAY_MS),
  }));
}
