import type { Section } from '../lib/content-types';
import type { HelpArticleSlug } from '../routes';
import {
  ELECTRONICS_WARRANTY,
  inr,
  NEWSLETTER_DISCOUNT_PERCENT,
  RESET_LINK_MINUTES,
  RETURNS,
  SHIPPING,
  TAX_PERCENT,
  UNPAID_ORDER_MINUTES,
} from './figures';
import { HELP_RESOURCES, HELP_TOPICS, TRACK_ORDER_STEPS } from './help-topics';
import {
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
import { SUPPORT, SUPPORT_TEL } from './support';

export interface HelpArticle {
  slug: HelpArticleSlug;
  title: string;
  summary: string;
  sections: Section[];
}

const contactLink = { label: 'Contact support', to: '/contact' };
const myOrdersLink = { label: 'My Orders', to: '/orders' };
const myAccountLink = { label: 'My Account', to: '/profile' };

const ARTICLES: Omit<Record<HelpArticleSlug, Omit<HelpArticle, 'slug'>>, 'knowledge-base'> = {
  'track-order': {
    title: 'Track your order',
    summary: 'Follow an order from payment to your door.',
    sections: [
      { heading: 'Steps', body: [{ steps: TRACK_ORDER_STEPS }, { links: [myOrdersLink] }] },
      {
        heading: 'When the tracking number appears',
        body: [
          `The tracking number is added when the courier collects the parcel, within ${SHIPPING.dispatch} of payment. Until then the order shows as Processing.`,
        ],
      },
    ],
  },
  'shipping-info': {
    title: 'Shipping information',
    summary: `Delivery options, charges and times within India; free standard delivery from ${inr(SHIPPING.freeFromRupees)}.`,
    sections: [
      domesticRatesSection,
      dispatchSection,
      {
        heading: 'Your delivery address',
        body: [
          'We deliver to the address and 6-digit pin code you give in the billing details at checkout. Give a phone number the courier can reach on the delivery day.',
          { links: [{ label: 'Shipping policy', to: '/shipping-policy' }] },
        ],
      },
    ],
  },
  'order-cancellation': {
    title: 'Cancel an order',
    summary: 'How to cancel an order before it ships, and what happens to your money.',
    sections: [
      {
        heading: 'Orders awaiting payment',
        body: [
          `An order whose payment did not go through shows as Pending in My Orders. You can delete it there, or leave it: it is cancelled on its own after ${UNPAID_ORDER_MINUTES} minutes and nothing is charged.`,
          { links: [myOrdersLink] },
        ],
      },
      {
        heading: 'Paid orders that have not shipped',
        body: [
          'Send us the order number through the contact page, with the subject Order, as soon as you can. If the parcel has not left us, we cancel the order and refund the full amount, delivery included, to your original payment method.',
          `Refunds take ${RETURNS.cardRefundTotal} for cards, UPI and wallets and ${RETURNS.bankRefundTotal} for net banking.`,
          { links: [contactLink] },
        ],
      },
      {
        heading: 'Orders already shipped',
        body: [
          `A shipped order can no longer be cancelled. Once it arrives, return it within ${RETURNS.windowDays} days for a refund.`,
          { links: [{ label: 'Start a return', to: '/start-return' }] },
        ],
      },
    ],
  },
  'international-shipping': {
    title: 'International shipping',
    summary: `Delivery outside India from ${inr(SHIPPING.internationalEconomyFromRupees)}, with customs paid by the receiver.`,
    sections: [
      internationalRatesSection,
      {
        heading: 'Customs and restrictions',
        body: [
          'Some products, such as medicines, supplements, aerosols and liquids, cannot be shipped abroad. Your parcel may be held by customs for a few days; this time is not part of the delivery estimate.',
        ],
      },
      internationalReturnsSection,
    ],
  },
  'order-status': {
    title: 'Order status explained',
    summary: 'What each status in My Orders means.',
    sections: [
      {
        heading: 'Statuses',
        body: [
          {
            table: {
              caption: 'Order statuses',
              head: ['Status', 'What it means'],
              rows: [
                [
                  'Pending',
                  `The order is waiting for payment. It is cancelled after ${UNPAID_ORDER_MINUTES} minutes if no payment arrives.`,
                ],
                ['Processing', 'Payment received; we are packing your order.'],
                ['Shipped', 'The courier has the parcel; the tracking number is shown.'],
                ['Delivered', 'The courier has delivered the parcel.'],
                [
                  'Partly returned',
                  'We have received some of the items you sent back; you kept the rest (you may still return them within the return window).',
                ],
                ['Completed', 'The order is closed.'],
                ['Cancelled', 'The order was cancelled; any payment is refunded.'],
                ['Returned', 'We have received the items you sent back.'],
                ['Refunded', 'The refund has been issued to your payment method.'],
              ],
            },
          },
          { links: [myOrdersLink] },
        ],
      },
    ],
  },
  'start-return': {
    title: 'Start a return',
    summary: `Return an item within ${RETURNS.windowDays} days of delivery, with a free pickup in India.`,
    sections: [
      returnProcessSection,
      eligibilitySection,
      nonReturnableSection,
      {
        heading: 'Before you start',
        body: [
          'Keep your order number at hand: it is in your confirmation email and in My Orders.',
          { links: [contactLink, myOrdersLink] },
        ],
      },
    ],
  },
  'refund-status': {
    title: 'Refund status',
    summary: 'How long a refund takes and how to check where it is.',
    sections: [
      refundTimingSection,
      {
        heading: 'Checking your refund',
        body: [
          'My Orders shows Refunded once we have issued the refund, and we email you the same day. After that, the time until the money shows depends on your bank.',
          'If the money has not arrived after the time above, contact us with your order number: we send you the refund reference so your bank can trace it.',
          { links: [myOrdersLink, contactLink] },
        ],
      },
    ],
  },
  exchanges: {
    title: 'Exchanges',
    summary: 'Swap an item for another size or colour.',
    sections: [
      exchangesSection,
      {
        heading: 'How to ask for an exchange',
        body: [
          {
            steps: [
              'Start a return from the contact page with your order number.',
              'Say which size or colour you would like instead.',
              'We check the stock, hold the new item for you and book a pickup.',
              'Hand the item to our courier; the new one is sent to you the same day.',
            ],
          },
          { links: [{ label: 'Start a return', to: '/start-return' }] },
        ],
      },
      eligibilitySection,
    ],
  },
  'return-shipping': {
    title: 'Return shipping',
    summary: 'Free pickups within India; what international returns cost.',
    sections: [returnShippingSection, refundAmountSection, internationalReturnsSection],
  },
  'account-settings': {
    title: 'Account settings',
    summary: 'Change your name, email, phone number, password or profile picture.',
    sections: [
      {
        heading: 'Edit your profile',
        body: [
          {
            steps: [
              'Log in and open My Account from the account menu.',
              'Press Edit.',
              'Change your name, email, phone number or profile picture.',
              'Press Update Profile to save, or Cancel to leave everything as it was.',
            ],
          },
          { links: [myAccountLink] },
        ],
      },
      {
        heading: 'Change your password or email',
        body: [
          'Press Change Password to enable the password field. For your safety, changing your password or your email asks for your current password.',
          'Forgotten your current password? Reset it first.',
          { links: [{ label: 'Reset your password', to: '/reset-password' }] },
        ],
      },
    ],
  },
  'reset-password': {
    title: 'Reset your password',
    summary: 'Get a link by email to choose a new password.',
    sections: [
      {
        heading: 'Steps',
        body: [
          {
            steps: [
              'Open the Forgot password page (also linked from Log In).',
              'Enter the email address of your Bazaar account and press Send reset link.',
              `Open the link in the email within ${RESET_LINK_MINUTES} minutes.`,
              'Choose a new password and confirm it.',
            ],
          },
          { links: [{ label: 'Send me a reset link', to: '/forgot-password' }] },
        ],
      },
      {
        heading: 'No email arrived?',
        body: [
          'Check your spam folder and that you typed the address you signed up with. Each link works once; if it has expired, ask for a new one.',
          'If you signed up with Google, you can keep using Log In With Google without a password.',
        ],
      },
    ],
  },
  addresses: {
    title: 'Delivery addresses',
    summary: 'Where to enter or change the delivery address of an order.',
    sections: [
      {
        heading: 'Entering an address',
        body: [
          'You give the delivery address in the billing details at checkout: street, apartment or floor, city, state and 6-digit pin code, with a phone number the courier can call. The address of your last order is filled in for you next time.',
        ],
      },
      {
        heading: 'Changing the address of an order',
        body: [
          'Before the order ships, send us the order number and the new address through the contact page and we update it. Once it has shipped, the address can no longer be changed.',
          { links: [contactLink] },
        ],
      },
    ],
  },
  'privacy-settings': {
    title: 'Privacy settings',
    summary: 'Control the data we keep and the emails we send you.',
    sections: [
      {
        heading: 'Your details',
        body: [
          'You can see and correct your name, email, phone number and profile picture in My Account at any time.',
          { links: [myAccountLink] },
        ],
      },
      {
        heading: 'Emails',
        body: [
          'We send order, payment and password emails because you need them. Newsletter emails are sent only if you subscribe, and every one has a link to unsubscribe at once.',
        ],
      },
      {
        heading: 'Closing your account',
        body: [
          'To close your account and erase your personal details, send us a message through the contact page with the subject Other. We keep the records of past orders that the law asks us to keep.',
          { links: [contactLink, { label: 'Privacy policy', to: '/privacy-policy' }] },
        ],
      },
    ],
  },
  'payment-methods': {
    title: 'Payment methods',
    summary: 'Cards, UPI, net banking, wallets and EMI.',
    sections: [
      {
        heading: 'Ways to pay',
        body: [
          'You pay in Razorpay’s secure payment window, which opens when you press Place order:',
          {
            list: [
              'credit and debit cards: Visa, Mastercard and RuPay',
              'UPI, with Google Pay or any other UPI app',
              'net banking from all major banks',
              'popular wallets',
            ],
          },
          'Cash on delivery is not available.',
        ],
      },
      {
        heading: 'Paying in instalments',
        body: [
          'Choose EMI in the payment window to pay over several months, either on an eligible credit card (run by your card’s bank) or as cardless EMI or pay later from the lending partners shown there. The interest, fees and minimum amount are shown before you confirm.',
        ],
      },
      {
        heading: 'When you are charged',
        body: [
          `Only when the payment succeeds in the payment window. If it fails or you close the window, nothing is charged and the order waits in My Orders with Pay now for ${UNPAID_ORDER_MINUTES} minutes.`,
        ],
      },
    ],
  },
  pricing: {
    title: 'How pricing works',
    summary: `Rupee prices, discounts, ${TAX_PERCENT}% tax and delivery: how your total is made.`,
    sections: [
      {
        heading: 'Prices and discounts',
        body: [
          'All prices are in Indian rupees. When a product is on sale, its page shows the sale price, the original price struck through and the discount as a percentage.',
        ],
      },
      {
        heading: 'Your total',
        body: [
          {
            list: [
              'Subtotal: the sale prices of your items times their quantities.',
              'Coupon: a percentage off the subtotal, if you applied one.',
              `Tax: ${TAX_PERCENT}% of the amount after discounts.`,
              `Delivery: ${inr(SHIPPING.standardRupees)}, or free when the amount after discounts is ${inr(SHIPPING.freeFromRupees)} or more.`,
            ],
          },
          'Totals are shown in whole rupees. The cart and the checkout always show the same figures, and the amount you pay is the total you saw at checkout.',
        ],
      },
      {
        heading: 'Price changes',
        body: [
          'Prices can change while an item sits in your cart or wishlist; the cart always shows today’s price. A change never affects an order you have already paid for.',
        ],
      },
    ],
  },
  promotions: {
    title: 'Promotions and coupons',
    summary: 'Coupon codes, sales and your first-order discount.',
    sections: [
      {
        heading: 'Using a coupon code',
        body: [
          {
            steps: [
              'Open your cart.',
              'Type the code in the coupon box (capital or small letters both work) and press Apply Coupon.',
              'The cart shows “Coupon code applied” with the discount, and the new total.',
            ],
          },
          'One coupon can be used per order. Each code has an expiry date and a limited number of uses; the cart tells you if a code has expired or run out.',
        ],
      },
      {
        heading: 'Sales',
        body: [
          'Flash Sales on the home page run for the time shown on their countdown. Sale prices are already applied on the product page, and a coupon can be added on top.',
        ],
      },
      {
        heading: 'First order',
        body: [
          `Subscribe to our newsletter at the bottom of any page to get ${NEWSLETTER_DISCOUNT_PERCENT}% off your first purchase.`,
        ],
      },
    ],
  },
  'gift-cards': {
    title: 'Gift cards',
    summary: 'Bazaar does not sell gift cards yet.',
    sections: [
      {
        heading: 'Gift cards',
        body: [
          'We do not sell or accept gift cards at the moment. Discounts come as coupon codes, which you apply in your cart.',
          { links: [{ label: 'Promotions and coupons', to: '/promotions' }] },
        ],
      },
      {
        heading: 'Sending a gift',
        body: [
          'Order as usual and give the receiver’s name, address, pin code and phone number in the billing details.',
        ],
      },
      holidayReturnsSection,
    ],
  },
  billing: {
    title: 'Billing',
    summary: 'Billing details, confirmations, invoices and payment problems.',
    sections: [
      {
        heading: 'Billing details',
        body: [
          'At checkout you fill in your first and last name, street, apartment or floor, city, state, pin code, phone number and email. We use them to deliver the order and to contact you about it.',
        ],
      },
      {
        heading: 'Confirmation and invoice',
        body: [
          'When the payment succeeds we email you a confirmation with the items, the total and the delivery address, and the order appears in My Orders. If you need a tax invoice, send us the order number through the contact page.',
          { links: [myOrdersLink, contactLink] },
        ],
      },
      {
        heading: 'Money taken but no order?',
        body: [
          'If money left your account but the order still shows Pending, the payment reaches us a little later: we then confirm the order, or, if the items are no longer in stock, refund the payment in full. Contact us with the order number if it has not resolved within a day.',
        ],
      },
    ],
  },
  'size-guide': {
    title: 'Size guide',
    summary: 'Body measurements for clothing, shoe and baby sizes.',
    sections: [
      {
        heading: 'How to measure',
        body: [
          {
            list: [
              'Chest or bust: around the fullest part, with the tape level under your arms.',
              'Waist: around your natural waistline, above the belly button.',
              'Foot: heel to the tip of the longest toe, standing, in the evening.',
            ],
          },
          'Between two sizes? Choose the larger one. Brands cut differently, so check the product description too.',
        ],
      },
      {
        heading: 'Women’s clothing',
        body: [
          {
            table: {
              caption: 'Women’s sizes in inches (centimetres)',
              head: ['Size', 'Bust', 'Waist'],
              rows: [
                ['S', '32–34 (81–86)', '26–28 (66–71)'],
                ['M', '34–36 (86–91)', '28–30 (71–76)'],
                ['L', '36–38 (91–97)', '30–32 (76–81)'],
                ['XL', '38–40 (97–102)', '32–34 (81–86)'],
              ],
            },
          },
        ],
      },
      {
        heading: 'Men’s clothing',
        body: [
          {
            table: {
              caption: 'Men’s sizes in inches (centimetres)',
              head: ['Size', 'Chest', 'Waist'],
              rows: [
                ['S', '36–38 (91–97)', '30–32 (76–81)'],
                ['M', '38–40 (97–102)', '32–34 (81–86)'],
                ['L', '40–42 (102–107)', '34–36 (86–91)'],
                ['XL', '42–44 (107–112)', '36–38 (91–97)'],
              ],
            },
          },
        ],
      },
      {
        heading: 'Shoes',
        body: [
          {
            table: {
              caption: 'Shoe sizes (India and UK sizes are the same)',
              head: ['India / UK', 'EU', 'Foot length'],
              rows: [
                ['7', '41', '25.4 cm'],
                ['8', '42', '26.2 cm'],
                ['9', '43', '27.1 cm'],
                ['10', '44', '27.9 cm'],
              ],
            },
          },
        ],
      },
      {
        heading: 'Babies',
        body: [
          {
            table: {
              caption: 'Baby sizes',
              head: ['Size', 'Height', 'Weight'],
              rows: [
                ['0–3 months', 'up to 62 cm', 'up to 6 kg'],
                ['3–6 months', '62–68 cm', '6–8 kg'],
                ['6–12 months', '68–80 cm', '8–10 kg'],
              ],
            },
          },
          'Wrong size? You can exchange it for another size.',
          { links: [{ label: 'Exchanges', to: '/exchanges' }] },
        ],
      },
    ],
  },
  'product-care': {
    title: 'Product care',
    summary: 'Keep clothes, leather, kitchenware and electronics in good shape.',
    sections: [
      {
        heading: 'Clothes',
        body: [
          {
            list: [
              'Cotton and linen: wash cool (30 °C) with similar colours, dry in the shade to keep colours bright.',
              'Silk, georgette and rayon: hand wash cold or dry clean; do not wring; iron on low heat inside out.',
              'Denim: wash inside out and rarely, in cold water; line dry.',
              'Always follow the care label first.',
            ],
          },
        ],
      },
      {
        heading: 'Leather and bags',
        body: [
          'Wipe with a soft dry cloth, keep away from direct sun and damp, and stuff bags with paper to hold their shape. Let wet leather dry naturally, never near a heater.',
        ],
      },
      {
        heading: 'Kitchen and home',
        body: [
          {
            list: [
              'Cast iron: wash with hot water and little soap, dry at once on the stove and rub in a thin layer of oil.',
              'Stainless steel: soak burnt food instead of scrubbing with steel wool.',
              'Copper and brass: clean with lemon juice and salt, rinse and dry.',
              'Wood: hand wash, never soak, and oil now and then.',
            ],
          },
        ],
      },
      {
        heading: 'Electronics',
        body: [
          'Use the charger and cable supplied or certified ones, keep devices dry and away from heat, and update their software. Opening a device or repairing it outside an authorised centre can end its warranty.',
          `Electronics typically carry a ${ELECTRONICS_WARRANTY} manufacturer’s warranty; keep your order confirmation email as proof of purchase.`,
        ],
      },
    ],
  },
};

/** A table of contents of the whole help centre, built from the topics so it never falls behind. */
const knowledgeBase: Omit<HelpArticle, 'slug'> = {
  title: 'Knowledge base',
  summary: 'Every help article, guide and policy in one place.',
  sections: [
    ...HELP_TOPICS.map((topic) => ({ heading: topic.title, body: [{ links: topic.links }] })),
    { heading: 'Policies and guides', body: [{ links: HELP_RESOURCES }] },
    {
      heading: 'Still stuck?',
      body: [
        `${SUPPORT.hours} Call ${SUPPORT.phone} or send us a message.`,
        {
          links: [
            contactLink,
            { label: 'Frequently asked questions', to: '/faq' },
            { label: `Call ${SUPPORT.phone}`, to: SUPPORT_TEL },
          ],
        },
      ],
    },
  ],
};

const withSlug = { ...ARTICLES, 'knowledge-base': knowledgeBase } satisfies Record<
  HelpArticleSlug,
  Omit<HelpArticle, 'slug'>
>;

/** Every help article, keyed by the path it is served at. */
export const HELP_ARTICLES: Record<HelpArticleSlug, HelpArticle> = Object.fromEntries(
  Object.entries(withSlug).map(([slug, article]) => [slug, { slug, ...article }]),
) as Record<HelpArticleSlug, HelpArticle>;
