import type { ContentLink } from '../lib/content-types';
import {
  ELECTRONICS_WARRANTY,
  inr,
  RESET_LINK_MINUTES,
  RETURNS,
  SHIPPING,
  UNPAID_ORDER_MINUTES,
} from './figures';

export const FAQ_CATEGORIES = [
  { id: 'orders', label: 'Orders & Shipping' },
  { id: 'returns', label: 'Returns & Refunds' },
  { id: 'products', label: 'Products & Stock' },
  { id: 'account', label: 'Account & Security' },
  { id: 'payment', label: 'Payment & Pricing' },
] as const;
export type FaqCategoryId = (typeof FAQ_CATEGORIES)[number]['id'];

/** The chip that shows every category. */
export const ALL_CATEGORIES = 'all';
export const ALL_CATEGORIES_LABEL = 'All Questions';
export type FaqFilter = FaqCategoryId | typeof ALL_CATEGORIES;

export interface FaqItem {
  id: string;
  category: FaqCategoryId;
  question: string;
  answer: string;
  links?: ContentLink[];
}

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'track-order',
    category: 'orders',
    question: 'How do I track my order?',
    answer:
      'Sign in and open My Orders. Each order shows its status, and once it has shipped, its tracking number and estimated delivery date. Enter the tracking number on the courier’s website to follow the parcel.',
    links: [
      { label: 'My Orders', to: '/orders' },
      { label: 'How to track an order', to: '/track-order' },
    ],
  },
  {
    id: 'shipping-cost',
    category: 'orders',
    question: 'How much does delivery cost and how long does it take?',
    answer: `Standard delivery is free when your order comes to ${inr(SHIPPING.freeFromRupees)} or more after discounts; below that it costs ${inr(SHIPPING.standardRupees)} and takes ${SHIPPING.standardDays}. Express delivery costs ${inr(SHIPPING.expressRupees)} (${SHIPPING.expressDays}) and next-day delivery ${inr(SHIPPING.nextDayRupees)} for orders placed by ${SHIPPING.nextDayCutOff}, where your pin code is served. We pack and hand over orders within ${SHIPPING.dispatch} (up to ${SHIPPING.dispatchPeak} during sales and festivals).`,
    links: [{ label: 'Shipping information', to: '/shipping-info' }],
  },
  {
    id: 'international-shipping',
    category: 'orders',
    question: 'Do you ship outside India?',
    answer: `Yes. International economy delivery starts at ${inr(SHIPPING.internationalEconomyFromRupees)} and takes ${SHIPPING.internationalEconomyDays}; international express starts at ${inr(SHIPPING.internationalExpressFromRupees)} and takes ${SHIPPING.internationalExpressDays}. Customs duties and import taxes of the destination country are paid by the receiver.`,
    links: [{ label: 'International shipping', to: '/international-shipping' }],
  },
  {
    id: 'cancel-order',
    category: 'orders',
    question: 'Can I cancel my order?',
    answer: `Yes, until it ships. An order still awaiting payment can be deleted from My Orders, and is cancelled on its own after ${UNPAID_ORDER_MINUTES} minutes. For a paid order, send us its order number through the contact page; once it is cancelled the full amount goes back to your original payment method.`,
    links: [{ label: 'Cancelling an order', to: '/order-cancellation' }],
  },
  {
    id: 'return-window',
    category: 'returns',
    question: 'What is your return policy?',
    answer: `You can return most items within ${RETURNS.windowDays} days of delivery, unused, with their tags and original packaging. Start a return from the contact page with your order number and we arrange a free pickup from your address within India.`,
    links: [
      { label: 'Return and exchange policy', to: '/return-policy' },
      { label: 'Start a return', to: '/start-return' },
    ],
  },
  {
    id: 'refund-timing',
    category: 'returns',
    question: 'When will I get my refund?',
    answer: `We inspect a returned item within ${RETURNS.inspection} of receiving it and issue the refund within ${RETURNS.refundIssued} after that. A card refund then shows on your statement in ${RETURNS.cardRefundShows}. From the day your return reaches us, allow ${RETURNS.cardRefundTotal} for card, UPI and wallet refunds and ${RETURNS.bankRefundTotal} for net banking.`,
    links: [{ label: 'Check your refund status', to: '/refund-status' }],
  },
  {
    id: 'damaged-item',
    category: 'returns',
    question: 'My item arrived damaged or is the wrong one. What do I do?',
    answer: `Tell us within ${RETURNS.reportDamageHours} hours of delivery, with your order number and a photo of the item and its packaging. We collect it free of charge and send a replacement or a full refund, including the delivery charge.`,
    links: [{ label: 'Contact support', to: '/contact' }],
  },
  {
    id: 'holiday-returns',
    category: 'returns',
    question: 'Do you extend returns for the holiday season?',
    answer: `Yes. Anything bought between ${RETURNS.holidayBoughtFrom} and ${RETURNS.holidayBoughtTo} can be returned until ${RETURNS.holidayReturnBy} of the following year, even where the usual ${RETURNS.windowDays} days have passed.`,
  },
  {
    id: 'stock',
    category: 'products',
    question: 'How do I know if an item is in stock?',
    answer:
      'The product page shows how many units are left, and items that have run out are marked Out of Stock and cannot be added to the cart. Add an item to your wishlist to find it quickly again: the wishlist shows whether it is back in stock.',
  },
  {
    id: 'authenticity',
    category: 'products',
    question: 'Are your products genuine?',
    answer:
      'Yes. We buy from brands and their authorised distributors only, and every product page names the brand and the seller. If you ever doubt an item you received, contact us and we will take it back for a full refund.',
  },
  {
    id: 'warranty',
    category: 'products',
    question: 'Do products come with a warranty?',
    answer: `Electronics typically come with a ${ELECTRONICS_WARRANTY} manufacturer’s warranty from the date of delivery; the exact terms are on the warranty card in the box. Keep your order confirmation email as proof of purchase. For a fault within the first ${RETURNS.windowDays} days you can also return the item to us.`,
    links: [{ label: 'Product care', to: '/product-care' }],
  },
  {
    id: 'reset-password',
    category: 'account',
    question: 'I forgot my password. How do I reset it?',
    answer: `On the Log In page choose Forgot password, enter the email of your account and open the link we send you. The link works once and for ${RESET_LINK_MINUTES} minutes; if it has expired, ask for a new one.`,
    links: [{ label: 'Send me a reset link', to: '/forgot-password' }],
  },
  {
    id: 'account-settings',
    category: 'account',
    question: 'How do I change my name, email, phone number or password?',
    answer:
      'Open My Account, choose Edit, change the details and press Update Profile. To change your password, press Change Password first. Changing your email or password asks for your current password.',
    links: [{ label: 'My Account', to: '/profile' }],
  },
  {
    id: 'account-security',
    category: 'account',
    question: 'How do you keep my account and data safe?',
    answer:
      'Your password is stored only in a scrambled (hashed) form that nobody can read, repeated wrong passwords pause further sign-in attempts, and reset links work only once. Card and UPI details are entered in our payment partner’s window and never reach our servers. We will never ask for your password or an OTP by phone or email.',
    links: [{ label: 'Privacy policy', to: '/privacy-policy' }],
  },
  {
    id: 'payment-methods',
    category: 'payment',
    question: 'Which payment methods do you accept?',
    answer:
      'Credit and debit cards (Visa, Mastercard, RuPay), UPI apps such as Google Pay, net banking and popular wallets, all in the secure Razorpay payment window. Cash on delivery is not available.',
    links: [{ label: 'Payment methods', to: '/payment-methods' }],
  },
  {
    id: 'charge-timing',
    category: 'payment',
    question: 'When am I charged?',
    answer: `Only when you complete the payment in the payment window after pressing Place order; your order is confirmed the moment the payment succeeds. If the payment fails or you close the window, nothing is charged and the order waits in My Orders with Pay now for ${UNPAID_ORDER_MINUTES} minutes before it is cancelled.`,
  },
  {
    id: 'financing',
    category: 'payment',
    question: 'Can I pay in instalments?',
    answer:
      'Yes, in two ways, both chosen in the payment window: EMI on eligible credit cards, run by your card’s bank, and cardless EMI or pay-later plans from the lending partners shown there. Interest, fees and the minimum order amount depend on the bank or partner and are shown before you confirm.',
  },
];
