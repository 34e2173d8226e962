/** The demo shop settings row and coupons. */

export const DEMO_SHOP_SETTINGS = {
  id: 1,
  name: 'Bazaar',
  email: 'support@bazaar.local',
  phone: '+91 80 4567 8900',
  address: '12 MG Road, Bengaluru, Karnataka 560001, India',
  primaryColor: '#2563eb',
  returnPolicy:
    'Unused items in their original packaging can be returned within 3 days of delivery. ' +
    'Refunds go back to the original payment method within 7 working days of the return reaching us. ' +
    'This is demo text: edit it under Admin → Shop.',
  shippingPolicy:
    'Orders over ₹140 ship free; smaller orders pay a flat ₹50. Most orders are dispatched within ' +
    '2 working days and arrive in 3 to 7 days. This is demo text: edit it under Admin → Shop.',
  privacyPolicy:
    'We use your name, contact details and address only to process and deliver your orders and to answer ' +
    'your messages. Card details are handled by our payment provider and never stored by Bazaar. ' +
    'This is demo text: edit it under Admin → Shop.',
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
];

export function couponRows(now: Date) {
  return DEMO_COUPONS.map((c) => ({
    code: c.code.toUpperCase(),
    discount: c.discount,
    usageLimit: c.usageLimit,
    expiresAt: new Date(now.getTime() + c.expiresInDays * DAY_MS),
  }));
}
