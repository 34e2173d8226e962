import { CART_MESSAGES, CART_QUANTITY, COUPON_MESSAGES } from '@bazaar/shared/constants';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useApplyCoupon } from '../api/apply-coupon';
import { useAccountCartQuery } from '../api/get-cart';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useRemoveCoupon } from '../api/remove-coupon';
import { useUpdateCartLine } from '../api/update-cart-line';
import { useGuestCart } from '../stores/guest-cart';
import type { CartLineView } from './use-cart-view';

export const GUEST_COUPON_MESSAGE = 'Please log in to apply a coupon.';

const variantOf = (line: CartLineView) => ({ colour: line.colour ?? '', size: line.size ?? '' });
const validQuantity = (qty: number) =>
  Number.isInteger(qty) && qty >= CART_QUANTITY.min && qty <= CART_QUANTITY.max;

/** What the cart page does to the cart, for a guest (in the browser) or a signed-in shopper (on the server). */
export function useCartActions() {
  const { signedIn } = useAccountCartQuery();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const apply = useApplyCoupon();
  const unapply = useRemoveCoupon();

  return {
    busy: update.isPending || remove.isPending || apply.isPending || unapply.isPending,
    applyingCoupon: apply.isPending,

    /** Sets the quantities that changed, one line after another; stops at the first refusal. */
    async updateQuantities(changes: { line: CartLineView; qty: number }[]): Promise<boolean> {
      if (changes.some((c) => !validQuantity(c.qty))) {
        notify.error(CART_MESSAGES.quantityRange);
        return false;
      }
      for (const { line, qty } of changes) {
        if (!signedIn) {
          useGuestCart.getState().setQty(line.productId, variantOf(line), qty);
          continue;
        }
        try {
          await update.mutateAsync({ productId: line.productId, qty, ...variantOf(line) });
        } catch (error) {
          notify.error(errorMessage(error, 'Could not update the cart. Please try again.'));
          return false;
        }
      }
      notify.success(CART_MESSAGES.updated);
      return true;
    },

    async removeLine(line: CartLineView): Promise<void> {
      if (!signedIn) {
        useGuestCart.getState().remove(line.productId, variantOf(line));
        notify.info(CART_MESSAGES.removed);
        return;
      }
      try {
        await remove.mutateAsync({ productId: line.productId, variant: variantOf(line) });
        notify.info(CART_MESSAGES.removed);
      } catch (error) {
        notify.error(errorMessage(error, 'Could not remove the item. Please try again.'));
      }
    },

    async applyCoupon(code: string): Promise<boolean> {
      const trimmed = code.trim();
      if (!trimmed) {
        notify.error(COUPON_MESSAGES.required);
        return false;
      }
      if (!signedIn) {
        notify.info(GUEST_COUPON_MESSAGE);
        return false;
      }
      try {
        await apply.mutateAsync(trimmed);
        notify.success(COUPON_MESSAGES.applied);
        return true;
      } catch (error) {
        notify.error(errorMessage(error, 'Could not apply the coupon. Please try again.'));
        return false;
      }
    },

    async removeCoupon(): Promise<void> {
      try {
        await unapply.mutateAsync();
        notify.info(COUPON_MESSAGES.removed);
      } catch (error) {
        notify.error(errorMessage(error, 'Could not remove the coupon. Please try again.'));
      }
    },
  };
}
