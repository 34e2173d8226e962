import type { CheckDeliveryProps } from '@/features/delivery';
import { Deferred, DeferredPart } from './layout/deferred';

/**
 * "Check delivery" for the product page and the cart, whose code is neither in the home page's first
 * load nor in theirs: the pages start its chunk beside their own (app/router.tsx).
 */
export const checkDelivery = new DeferredPart<CheckDeliveryProps>(() =>
  import('@/features/delivery').then((module) => module.CheckDelivery),
);

// The box's room (heading, pincode row, the answer's reserved lines), so nothing below it moves.
const placeholder = <div aria-hidden="true" className="h-[10.125rem] rounded border border-gray-400" />;

export function CheckDelivery(props: CheckDeliveryProps) {
  return <Deferred part={checkDelivery} props={props} placeholder={placeholder} />;
}
