import type { Section } from '../lib/content-types';
import { inr, RETURNS, SHIPPING } from './figures';

/**
 * The return and refund rules, written once and quoted by the policies and the
 * help articles, so a change here changes every page.
 */

export const RETURN_STEPS = [
  'Open the contact page, choose the subject Return and give your order number, the item and the reason.',
  'We reply by email within one business day with a return number and a pickup date.',
  'Pack the item with its tags, accessories and original packaging, and write the return number on the parcel.',
  'Hand the parcel to our courier at pickup and keep the receipt it gives you.',
  `Once the item reaches us we inspect it within ${RETURNS.inspection} and email you the result.`,
];

export const eligibilitySection: Section = {
  heading: 'What you can return',
  body: [
    `You can return most items within ${RETURNS.windowDays} days of delivery when they are:`,
    {
      list: [
        'unused, unwashed and in the condition you received them',
        'with all tags, labels, accessories, manuals and free gifts',
        'in their original packaging (a box that was opened to see the item is fine)',
      ],
    },
  ],
};

export const nonReturnableSection: Section = {
  heading: 'Items we cannot take back',
  body: [
    {
      list: [
        'medicines, supplements and opened health, beauty and personal-care products',
        'innerwear, swimwear and socks, for hygiene reasons',
        'groceries, pet food and anything perishable',
        'items made or engraved to your order',
        'items marked “not returnable” on their product page',
      ],
    },
    'Any of these that arrives damaged, faulty or different from what you ordered can still be returned.',
  ],
};

export const returnProcessSection: Section = {
  heading: 'How to return an item',
  body: [{ steps: RETURN_STEPS }, { links: [{ label: 'Start a return', to: '/start-return' }] }],
};

export const refundTimingSection: Section = {
  heading: 'When your refund arrives',
  body: [
    `After the inspection we issue the refund within ${RETURNS.refundIssued}, always to the payment method you used. A card refund then takes ${RETURNS.cardRefundShows} to show on your statement.`,
    {
      table: {
        caption: 'Time from the day your return reaches us until the money is back',
        head: ['Paid with', 'Refund arrives within'],
        rows: [
          ['Credit or debit card', RETURNS.cardRefundTotal],
          ['UPI or wallet', RETURNS.cardRefundTotal],
          ['Net banking', RETURNS.bankRefundTotal],
        ],
      },
    },
  ],
};

export const refundAmountSection: Section = {
  heading: 'What is refunded',
  body: [
    'We refund the price you paid for the returned item, including its share of the tax and less its share of any coupon discount.',
    `The delivery charge (${inr(SHIPPING.standardRupees)} on orders under ${inr(SHIPPING.freeFromRupees)}) is not refunded, unless the item was damaged, faulty or not what you ordered: then we refund it too.`,
  ],
};

export const exchangesSection: Section = {
  heading: 'Exchanges',
  body: [
    `Within ${RETURNS.windowDays} days of delivery you can exchange an item for another size or colour of the same product, if we have it in stock. Ask for an exchange instead of a refund when you start the return; the new item is sent as soon as the old one is picked up, at no delivery charge.`,
    'If the size or colour you want is out of stock, we refund the item instead. For a different product, return the item for a refund and place a new order.',
  ],
};

export const damagedItemsSection: Section = {
  heading: 'Damaged, faulty or wrong items',
  body: [
    `Tell us within ${RETURNS.reportDamageHours} hours of delivery, with your order number and photos of the item and its packaging. The same applies to a parcel that has not arrived ${RETURNS.reportDamageHours} hours after its estimated delivery date.`,
    'We collect the item free of charge and send a replacement, or refund it in full, including the delivery charge, whichever you prefer.',
  ],
};

export const internationalReturnsSection: Section = {
  heading: 'Returns from outside India',
  body: [
    `The same ${RETURNS.windowDays}-day window applies. International returns are sent back at your cost, with a tracked service, and customs duties and import taxes paid on delivery are not refundable. We refund the item once it reaches us.`,
  ],
};

export const holidayReturnsSection: Section = {
  heading: 'Holiday returns',
  body: [
    `Anything bought between ${RETURNS.holidayBoughtFrom} and ${RETURNS.holidayBoughtTo} can be returned until ${RETURNS.holidayReturnBy} of the following year, so gifts can be returned after the holidays.`,
  ],
};

export const returnShippingSection: Section = {
  heading: 'Sending an item back',
  body: [
    'For returns within India we arrange a free pickup from your delivery address; you do not need to visit a courier office.',
    'Pickups are made on business days. If you miss a pickup, reply to our return email and we book another one.',
  ],
};
