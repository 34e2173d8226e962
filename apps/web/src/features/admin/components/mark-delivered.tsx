import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useUpdateOrderStatus } from '../api/update-order-status';

/** Shipped → Delivered, which records the day and tells the customer. */
export function MarkDelivered({ orderId }: { orderId: string }) {
  const update = useUpdateOrderStatus();
  return (
    <div className="mt-4 border-t pt-4">
      <Button
        onClick={() =>
          update.mutate(
            { orderId, orderStatus: 'Delivered' },
            {
              onSuccess: () => notify.success('Marked as delivered.'),
              onError: (error) => notify.error(errorMessage(error, 'Could not mark it delivered.')),
            },
          )
        }
        loading={update.isPending}
        disabled={update.isPending}
      >
        Mark as Delivered
      </Button>
    </div>
  );
}
