import { deliveryFeePaise } from '@bazaar/shared/delivery';
import { formatINR, paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import type { DeliveryCheck } from '@bazaar/shared/schemas/delivery';

type Deliverable = Extract<DeliveryCheck, { deliverable: true }>;

/**
 * The fee line under "Delivers by …": on an order worth `amountPaise` (after discounts), what delivery
 * costs there, with the amount that makes it free when there is one.
 */
export function feeLine(answer: Deliverable, amountPaise: number | undefined): string {
  const rule = {
    feePaise: rupeesToPaise(answer.fee),
    freeAbovePaise: answer.freeAbove === null ? null : rupeesToPaise(answer.freeAbove),
  };
  const fee = amountPaise === undefined ? rule.feePaise : deliveryFeePaise(rule, amountPaise);
  if (fee === 0) return 'Free delivery';
  const freeFrom =
    answer.freeAbove === null ? '' : `, free on orders of ${formatINR(answer.freeAbove)} or more`;
  return `Delivery ${formatINR(paiseToRupees(fee))}${freeFrom}`;
}
