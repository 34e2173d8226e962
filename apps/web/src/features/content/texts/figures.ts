import { formatINR } from '@bazaar/shared/money';

/**
 * Every figure the help, FAQ, policy and about pages quote, in one place, so no
 * two pages can disagree. The spec's shipping statements are in another
 * currency; these are their rupee equivalents (see docs/decisions/022-shipping-figures-in-rupees.md).
 * Free delivery and the standard fee are the cart rule's figures; when the
 * shop settings read lands, those two should come from it.
 */
export const SHIPPING = {
  freeFromRupees: 140,
  standardRupees: 50,
  standardDays: '3–5 business days',
  expressRupees: 100,
  expressDays: '1–2 business days',
  nextDayRupees: 150,
  nextDayCutOff: '2 PM',
  internationalEconomyFromRupees: 1500,
  internationalEconomyDays: '7–14 business days',
  internationalExpressFromRupees: 3000,
  internationalExpressDays: '3–5 business days',
  dispatch: '24–48 hours',
  dispatchPeak: '72 hours',
} as const;

export const RETURNS = {
  windowDays: 30,
  reportDamageHours: 48,
  inspection: '1–2 business days',
  refundIssued: '1–2 business days',
  cardRefundShows: '3–5 business days',
  cardRefundTotal: '5–7 business days',
  bankRefundTotal: '7–10 business days',
  holidayBoughtFrom: '1 November',
  holidayBoughtTo: '24 December',
  holidayReturnBy: '31 January',
} as const;

export const TAX_PERCENT = 10;
export { NEWSLETTER_DISCOUNT_PERCENT } from '@bazaar/shared/constants';
export const ELECTRONICS_WARRANTY = '1 year';
export const UNPAID_ORDER_MINUTES = 30;
export const RESET_LINK_MINUTES = 30;

/** Rupees as the shop shows them everywhere: "₹1,500". */
export const inr = formatINR;
