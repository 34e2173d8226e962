import type { Section } from '../lib/content-types';
import { inr, SHIPPING } from './figures';

/** The delivery rules, quoted by the shipping policy and the help articles. */

export const domesticRatesSection: Section = {
  heading: 'Delivery within India',
  body: [
    {
      table: {
        caption: 'Delivery options and charges',
        head: ['Option', 'Charge', 'Arrives in'],
        rows: [
          [
            'Standard',
            `${inr(SHIPPING.standardRupees)}, free from ${inr(SHIPPING.freeFromRupees)}`,
            SHIPPING.standardDays,
          ],
          ['Express', inr(SHIPPING.expressRupees), SHIPPING.expressDays],
          [`Next day (order by ${SHIPPING.nextDayCutOff})`, inr(SHIPPING.nextDayRupees), 'Next business day'],
        ],
      },
    },
    `Standard delivery is free when your order comes to ${inr(SHIPPING.freeFromRupees)} or more after discounts. Express and next-day delivery are offered where your pin code is served by them.`,
  ],
};

export const dispatchSection: Section = {
  heading: 'When your order leaves us',
  body: [
    `We pack orders and hand them to the courier within ${SHIPPING.dispatch} of payment, or up to ${SHIPPING.dispatchPeak} during big sales and festivals. Delivery times count from that moment, in business days (Monday to Saturday, public holidays excluded).`,
  ],
};

export const internationalRatesSection: Section = {
  heading: 'Delivery outside India',
  body: [
    {
      table: {
        caption: 'International delivery options',
        head: ['Option', 'Charge', 'Arrives in'],
        rows: [
          [
            'International economy',
            `from ${inr(SHIPPING.internationalEconomyFromRupees)}`,
            SHIPPING.internationalEconomyDays,
          ],
          [
            'International express',
            `from ${inr(SHIPPING.internationalExpressFromRupees)}`,
            SHIPPING.internationalExpressDays,
          ],
        ],
      },
    },
    'The charge depends on the destination and the weight of the parcel. Customs duties and import taxes are set by the destination country and paid by the receiver on delivery; they are not part of our price.',
  ],
};
