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
        onClick={async () => {
          // mutateAsync: this button unmounts once the order is Delivered.
          try {
            await update.mutateAsync({ orderId, orderStatus: 'Delivered' });
            notify.success('Marked as delivered.');
          } catch (error) {
            notify.error(errorMessage(error, 'Could not mark it delivered.'));
          }
        }}
        loading={update.isPending}
        disabled={update.isPending}
      >
        Mark as Delivered
      </Button>
    </div>
  );
}
