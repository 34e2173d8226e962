import { memo } from 'react';
import { Deferred, DeferredPart } from '@/components/deferred';
import type { CheckDeliveryProps } from '@/features/delivery';

/**
 * "Check delivery" for the product page and the cart, whose code is neither in the home page's first
 * load nor in theirs: the pages start its chunk beside their own (app/router.tsx).
 */
export const checkDelivery = new DeferredPart<CheckDeliveryProps>(() =>
  import('@/features/delivery').then((module) => module.CheckDelivery),
);

// The box's room (heading, pincode row, the answer's reserved lines), so nothing below it moves.
const placeholder = <div aria-hidden="true" className="h-[10.125rem] rounded border border-gray-400" />;

// Memoised: a parent's re-render with the same props before the chunk is here would otherwise make
// React give up hydrating the server's HTML of it and show the placeholder instead.
export const CheckDelivery = memo(function CheckDelivery(props: CheckDeliveryProps) {
  return <Deferred part={checkDelivery} props={props} placeholder={placeholder} disabledUntilHydrated />;
});
