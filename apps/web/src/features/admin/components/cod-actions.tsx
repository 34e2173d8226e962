import type { OrderStatus } from '@bazaar/shared/constants';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useCashCollected } from '../api/cash-collected';
import { useUpdateOrderStatus } from '../api/update-order-status';

/**
 * A cash-on-delivery order's admin actions: Confirm (awaiting confirmation), and once shipped,
 * "Delivered, cash collected" or "Returned to origin" (the shopper refused the parcel). The server's
 * lifecycle decides; a refusal shows its reason.
 */
export function CodActions({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const update = useUpdateOrderStatus();
  const cash = useCashCollected();
  const busy = update.isPending || cash.isPending;
  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error, failed));
    }
  };
  if (status !== 'Awaiting confirmation' && status !== 'Shipped') return null;
  return (
    <div className="mt-4 flex flex-wrap gap-3 border-t pt-4" data-cod-actions="">
      {status === 'Awaiting confirmation' ? (
        <Button
          loading={update.isPending}
          disabled={busy}
          onClick={() =>
            run(
              () => update.mutateAsync({ orderId, orderStatus: 'Processing', note: 'confirmed by the shop' }),
              'Order confirmed.',
              'Could not confirm the order.',
            )
          }
        >
          Confirm order
        </Button>
      ) : (
        <>
          <Button
            loading={cash.isPending}
            disabled={busy}
            onClick={() =>
              run(() => cash.mutateAsync(orderId), 'Cash collected: delivered.', 'Could not record the cash.')
            }
          >
            Delivered, cash collected
          </Button>
          <Button
            variant="outline"
            loading={update.isPending}
            disabled={busy}
            onClick={() =>
              run(
                () => update.mutateAsync({ orderId, orderStatus: 'Returned to origin' }),
                'Marked returned to origin: stock is back.',
                'Could not mark it returned to origin.',
              )
            }
          >
            Returned to origin
          </Button>
        </>
      )}
    </div>
  );
}
