import { CART_MESSAGES, CART_QUANTITY, COUPON_MESSAGES } from '@bazaar/shared/constants';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useApplyCoupon } from '../api/apply-coupon';
import { useCheckCoupon } from '../api/check-coupon';
import { useAccountCartQuery } from '../api/get-cart';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useRemoveCoupon } from '../api/remove-coupon';
import { useUpdateCartLine } from '../api/update-cart-line';
import { useGuestCart } from '../stores/guest-cart';
import { useGuestCoupon } from '../stores/guest-coupon';
import type { CartLineView } from './use-cart-view';

const variantOf = (line: CartLineView) => ({ colour: line.colour ?? '', size: line.size ?? '' });
const validQuantity = (qty: number) =>
  Number.isInteger(qty) && qty >= CART_QUANTITY.min && qty <= CART_QUANTITY.max;

/** What the cart page does to the cart, for a guest (in the browser) or a signed-in shopper (on the server). */
export function useCartActions() {
  const { signedIn } = useAccountCartQuery();
  const check = useCheckCoupon();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const apply = useApplyCoupon();
  const unapply = useRemoveCoupon();

  return {
    busy: update.isPending || remove.isPending || apply.isPending || unapply.isPending || check.isPending,
    applyingCoupon: apply.isPending || check.isPending,

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
      try {
        // A guest's cart is the browser's: the server checks the code, the browser keeps and prices it.
        await (signedIn ? apply : check).mutateAsync(trimmed);
        notify.success(COUPON_MESSAGES.applied);
        return true;
      } catch (error) {
        notify.error(errorMessage(error, 'Could not apply the coupon. Please try again.'));
        return false;
      }
    },

    async removeCoupon(): Promise<void> {
      if (!signedIn) {
        useGuestCoupon.getState().clear();
        notify.info(COUPON_MESSAGES.removed);
        return;
      }
      try {
        await unapply.mutateAsync();
        notify.info(COUPON_MESSAGES.removed);
      } catch (error) {
        notify.error(errorMessage(error, 'Could not remove the coupon. Please try again.'));
      }
    },
  };
}
