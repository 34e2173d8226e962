import type { Section } from '../lib/content-types';
import type { PolicyId } from '../routes';
import { inr, RESET_LINK_MINUTES, RETURNS, SHIPPING, UNPAID_ORDER_MINUTES } from './figures';
import {
  damagedItemsSection,
  eligibilitySection,
  exchangesSection,
  holidayReturnsSection,
  internationalReturnsSection,
  nonReturnableSection,
  refundAmountSection,
  refundTimingSection,
  returnProcessSection,
  returnShippingSection,
} from './return-rules';
import { dispatchSection, domesticRatesSection, internationalRatesSection } from './shipping-rules';

/** The shop-settings fields an admin can fill to replace a policy's built-in text. */
export type PolicySettingKey = 'returnPolicy' | 'shippingPolicy' | 'privacyPolicy';

export interface PolicyDocument {
  id: PolicyId;
  title: string;
  intro: string;
  /** Which admin-set text, when present, replaces the built-in sections. */
  settingKey?: PolicySettingKey;
  /** The spec shows today's date as this page's "last updated". */
  lastUpdatedToday?: boolean;
  sections: Section[];
}

const returnsPolicy: PolicyDocument = {
  id: 'returns',
  title: 'Return and Exchange Policy',
  intro: `Not happy with something you bought? Return or exchange it within ${RETURNS.windowDays} days of delivery.`,
  settingKey: 'returnPolicy',
  lastUpdatedToday: true,
  sections: [
    {
      heading: 'Highlights',
      body: [
        {
          list: [
            `${RETURNS.windowDays} days from delivery to return or exchange most items`,
            'free pickup from your address within India',
            `card, UPI and wallet refunds within ${RETURNS.cardRefundTotal} of your return reaching us`,
            `damaged or wrong items reported within ${RETURNS.reportDamageHours} hours are collected and replaced or refunded in full`,
            `holiday purchases (${RETURNS.holidayBoughtFrom} to ${RETURNS.holidayBoughtTo}) returnable until ${RETURNS.holidayReturnBy}`,
          ],
        },
      ],
    },
    eligibilitySection,
    nonReturnableSection,
    returnProcessSection,
    refundTimingSection,
    refundAmountSection,
    exchangesSection,
    damagedItemsSection,
    internationalReturnsSection,
    holidayReturnsSection,
  ],
};

const refundPolicy: PolicyDocument = {
  id: 'refund',
  title: 'Return and Refund Policy',
  intro: 'When you get your money back, how much, and how it reaches you.',
  settingKey: 'returnPolicy',
  sections: [
    {
      heading: 'Returns',
      body: [
        `You can return most items within ${RETURNS.windowDays} days of delivery, unused and in their original packaging; we collect them free of charge within India. The full rules are in our return and exchange policy.`,
        { links: [{ label: 'Return and exchange policy', to: '/return-policy' }] },
      ],
    },
    refundTimingSection,
    refundAmountSection,
    {
      heading: 'Cancelled orders',
      body: [
        'When we cancel a paid order at your request or because an item cannot be supplied, we refund the full amount, delivery included, within the times above.',
        `An order that was never paid is cancelled after ${UNPAID_ORDER_MINUTES} minutes and nothing is charged.`,
      ],
    },
    damagedItemsSection,
    returnShippingSection,
  ],
};

const shippingPolicy: PolicyDocument = {
  id: 'shipping',
  title: 'Shipping Policy',
  intro: `Free standard delivery across India on orders of ${inr(SHIPPING.freeFromRupees)} or more.`,
  settingKey: 'shippingPolicy',
  sections: [
    domesticRatesSection,
    dispatchSection,
    internationalRatesSection,
    {
      heading: 'Tracking',
      body: [
        'Once your order ships, My Orders shows its tracking number and estimated delivery date, and we email them to you.',
        { links: [{ label: 'Track your order', to: '/track-order' }] },
      ],
    },
    {
      heading: 'Lost or damaged parcels',
      body: [
        `Tell us within ${RETURNS.reportDamageHours} hours of delivery if a parcel arrives damaged, or within ${RETURNS.reportDamageHours} hours of its estimated delivery date if it has not arrived. We send a replacement or refund you in full: within ${RETURNS.cardRefundTotal} for cards, UPI and wallets and ${RETURNS.bankRefundTotal} for net banking.`,
      ],
    },
    {
      heading: 'Returns',
      body: [
        `Items can be returned within ${RETURNS.windowDays} days of delivery.`,
        { links: [{ label: 'Return and exchange policy', to: '/return-policy' }] },
      ],
    },
  ],
};

const privacyPolicy: PolicyDocument = {
  id: 'privacy',
  title: 'Privacy Policy',
  intro:
    'What personal data Bazaar keeps, why, who else sees it, and how you control it. We never sell your data.',
  settingKey: 'privacyPolicy',
  sections: [
    {
      heading: 'What we collect',
      body: [
        {
          list: [
            'Your account: name, email, phone number, profile picture and your password in hashed form (never readable).',
            'If you log in with Google: the name and email address Google shares with us.',
            'Your orders: items, amounts, billing and delivery details, and their status history.',
            'Payments: the payment reference and whether it succeeded. Card, UPI and bank details are entered with our payment partner, Razorpay, and never reach us.',
            'Messages you send us and, if you subscribe, your newsletter email address.',
          ],
        },
      ],
    },
    {
      heading: 'How we use it',
      body: [
        'To run your account, deliver and support your orders, take payments, answer your messages, keep the shop secure (for example by limiting repeated sign-in attempts) and, only if you subscribed, to send you our newsletter.',
      ],
    },
    {
      heading: 'Who else sees it',
      body: [
        'Only the partners who help us serve you, each for that purpose alone: couriers (name, address, phone), our payment partner (payment details) and our email provider (your email address). We share data with authorities only where Indian law requires it.',
      ],
    },
    {
      heading: 'Browser storage',
      body: [
        'We keep your sign-in token, and as a guest your cart and wishlist, in your browser’s local storage so they survive a reload. We do not use advertising cookies. If the shop turns on Google Analytics, it counts visits with its own cookies.',
      ],
    },
    {
      heading: 'How long we keep it',
      body: [
        'Account details until you close your account; order and payment records for as long as tax and accounting law requires; newsletter addresses until you unsubscribe.',
      ],
    },
    {
      heading: 'Your choices and rights',
      body: [
        'Under India’s Digital Personal Data Protection Act, 2023 you can see and correct your data, withdraw consent and ask us to erase it. Correct your details in My Account, unsubscribe with the link in any newsletter, or write to us to close your account.',
        {
          links: [
            { label: 'Privacy settings', to: '/privacy-settings' },
            { label: 'My Account', to: '/profile' },
          ],
        },
      ],
    },
    {
      heading: 'Security',
      body: [
        `Passwords are stored only as hashes, password reset links work once and expire after ${RESET_LINK_MINUTES} minutes, and repeated failed sign-ins are paused. If you suspect someone used your account, reset your password and tell us.`,
      ],
    },
  ],
};

const termsAndConditions: PolicyDocument = {
  id: 'terms',
  title: 'Terms and Conditions',
  intro:
    'The agreement between you and Bazaar when you use this shop. By browsing or ordering you accept these terms.',
  sections: [
    {
      heading: 'Your account',
      body: [
        'You must be 18 or older to open an account, or shop with a parent’s or guardian’s consent. Keep your password to yourself: you are responsible for orders placed from your account. Give us true details, so we can deliver and reach you.',
      ],
    },
    {
      heading: 'Products and prices',
      body: [
        'We describe and photograph products as accurately as we can; colours may look slightly different on your screen. Prices are in Indian rupees; tax and delivery are added in the cart. If a price is clearly wrong because of an error, we tell you and cancel the order with a full refund rather than charge a different amount.',
      ],
    },
    {
      heading: 'Orders and payment',
      body: [
        `An order is accepted when its payment succeeds; we then reserve the items for you. Unpaid orders are cancelled after ${UNPAID_ORDER_MINUTES} minutes. We may cancel an order we cannot supply, with a full refund.`,
      ],
    },
    {
      heading: 'Coupons',
      body: [
        'One coupon per order. Coupons have an expiry date and a limited number of uses, have no cash value and cannot be exchanged for money.',
      ],
    },
    {
      heading: 'Delivery and returns',
      body: [
        'Delivery follows our shipping policy, and returns and refunds our return and refund policy. Nothing in these terms limits your rights under the Consumer Protection Act, 2019.',
        {
          links: [
            { label: 'Shipping policy', to: '/shipping-policy' },
            { label: 'Return and refund policy', to: '/refund-policy' },
          ],
        },
      ],
    },
    {
      heading: 'Using the shop fairly',
      body: [
        'Do not misuse the shop: no attempts to break into accounts or systems, no automated mass ordering or scraping, no false reviews or reselling of coupons. We may suspend accounts that do.',
      ],
    },
    {
      heading: 'Liability',
      body: [
        'As far as the law allows, our liability for an order is limited to the amount you paid for it. We are not liable for delays caused by events beyond our control, such as floods, strikes or courier shutdowns.',
      ],
    },
    {
      heading: 'Law and disputes',
      body: [
        'These terms are governed by the laws of India, and the courts of Bengaluru, Karnataka, decide disputes. Please contact us first: most problems are solved with one message.',
      ],
    },
    {
      heading: 'Changes',
      body: ['We may update these terms; the version shown when you place an order applies to that order.'],
    },
  ],
};

export const POLICIES: Record<PolicyId, PolicyDocument> = {
  returns: returnsPolicy,
  refund: refundPolicy,
  shipping: shippingPolicy,
  privacy: privacyPolicy,
  terms: termsAndConditions,
};
