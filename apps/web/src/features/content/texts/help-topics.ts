import type { ContentLink } from '../lib/content-types';
import { RETURNS } from './figures';

export interface HelpTopic {
  id: string;
  title: string;
  links: ContentLink[];
}

/** The help centre's four topic groups, in the spec's order of links. */
export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'orders-shipping',
    title: 'Orders & Shipping',
    links: [
      { label: 'Track your order', to: '/track-order' },
      { label: 'Shipping information', to: '/shipping-info' },
      { label: 'Cancel an order', to: '/order-cancellation' },
      { label: 'International shipping', to: '/international-shipping' },
      { label: 'Order status explained', to: '/order-status' },
    ],
  },
  {
    id: 'returns-refunds',
    title: 'Returns & Refunds',
    links: [
      { label: 'Return policy', to: '/return-policy' },
      { label: 'Start a return', to: '/start-return' },
      { label: 'Refund status', to: '/refund-status' },
      { label: 'Exchanges', to: '/exchanges' },
      { label: 'Return shipping', to: '/return-shipping' },
    ],
  },
  {
    id: 'account-security',
    title: 'Account & Security',
    links: [
      { label: 'Account settings', to: '/account-settings' },
      { label: 'Reset your password', to: '/reset-password' },
      { label: 'Edit your profile', to: '/profile' },
      { label: 'Delivery addresses', to: '/addresses' },
      { label: 'Privacy settings', to: '/privacy-settings' },
    ],
  },
  {
    id: 'payment-pricing',
    title: 'Payment & Pricing',
    links: [
      { label: 'Payment methods', to: '/payment-methods' },
      { label: 'How pricing works', to: '/pricing' },
      { label: 'Promotions and coupons', to: '/promotions' },
      { label: 'Gift cards', to: '/gift-cards' },
      { label: 'Billing', to: '/billing' },
    ],
  },
];

export const PLACE_ORDER_STEPS = [
  'Find a product with the search box or the category menu, and open it.',
  'Choose the colour, size and quantity you want, then add it to your cart.',
  'Open the cart, check the quantities and apply a coupon code if you have one.',
  'Press Proceed to checkout and log in, or create an account.',
  'Fill in the billing details: your name, delivery address with pin code, phone and email.',
  'Press Place order and pay in the secure payment window.',
  'We email you a confirmation, and the order appears in My Orders.',
];

export const TRACK_ORDER_STEPS = [
  'Log in to your Bazaar account.',
  'Open My Orders from the account menu.',
  'Find the order: it shows its status, and once shipped, the tracking number and estimated delivery date.',
  'Enter the tracking number on the courier’s website for the parcel’s latest scan.',
  `Not arrived within ${RETURNS.reportDamageHours} hours of the estimated date? Contact us with the order number.`,
];

export const HELP_GUIDES = [
  { id: 'guide-place-order', title: 'How to place an order', steps: PLACE_ORDER_STEPS },
  { id: 'guide-track-order', title: 'How to track an order', steps: TRACK_ORDER_STEPS },
];

/** Policies and guides listed under "Resources" on the help centre. */
export const HELP_RESOURCES: ContentLink[] = [
  { label: 'Shipping policy', to: '/shipping-policy' },
  { label: 'Return policy', to: '/return-policy' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Size guide', to: '/size-guide' },
  { label: 'Product care', to: '/product-care' },
];

/** The four pages every static page links to. */
export const POLICY_LINKS: ContentLink[] = [
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Return and refund policy', to: '/refund-policy' },
  { label: 'Shipping policy', to: '/shipping-policy' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
];
