import { formatINR } from '@bazaar/shared/money';
import type { MyOrderDetail } from '@bazaar/shared/schemas/order-details';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { attachReturnPhoto } from '../api/attach-return-photo';
import { useCancelItems } from '../api/cancel-items';
import { useAfterSale } from '../api/get-after-sale';
import { useRequestReturn } from '../api/request-return';
import { LinePicker } from './line-picker';
import { ReturnPhotoInput } from './return-photo-input';
import { ReturnRequestCard } from './return-request-card';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/**
 * The order page's after-sale part: "Return items" while delivered and within the return window,
 * "Cancel items" while paid and not shipped, each with a line and quantity picker; then the order's
 * return requests.
 */
export function AfterSaleActions({ order }: { order: MyOrderDetail }) {
  const afterSale = useAfterSale(order._id);
  const requestReturn = useRequestReturn(order._id);
  const cancelItems = useCancelItems(order._id);
  const [open, setOpen] = useState<'return' | 'cancel' | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  if (!afterSale.data) return null;
  const { returns, cancel, requests } = afterSale.data;
  const returnable = returns.lines.filter((l) => l.available > 0);
  const cancellable = cancel.lines.filter((l) => l.available > 0);
  return (
    <div className="mt-6" data-after-sale="">
      <div className="flex flex-wrap items-center gap-3">
        {returns.open ? (
          <Button variant="outline" onClick={() => setOpen(open === 'return' ? null : 'return')}>
            Return items
          </Button>
        ) : null}
        {cancel.open && cancellable.length > 0 ? (
          <Button variant="outline" onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}>
            Cancel items
          </Button>
        ) : null}
        {returns.open && returns.until ? (
          <p className="text-sm text-gray-600">
            Returns accepted until {day.format(new Date(returns.until))}.
          </p>
        ) : returns.until && returns.reason ? (
          <p className="text-sm text-gray-600">{returns.reason}</p>
        ) : null}
      </div>
      {open === 'return' ? <ReturnPhotoInput photo={photo} onChange={setPhoto} /> : null}
      {open === 'return' ? (
        <LinePicker
          title="Return items"
          lines={returnable}
          reasons="line"
          submitLabel="Request return"
          busy={requestReturn.isPending}
          onClose={() => setOpen(null)}
          onSubmit={async (items) => {
            let made: Awaited<ReturnType<typeof requestReturn.mutateAsync>>;
            try {
              made = await requestReturn.mutateAsync({
                items: items.map((i) => ({
                  orderItemId: i.orderItemId,
                  quantity: i.quantity,
                  reason: i.reason ?? '',
                })),
              });
            } catch (error) {
              notify.error(errorMessage(error, 'The return could not be requested.'));
              return;
            }
            setOpen(null);
            if (photo) {
              try {
                await attachReturnPhoto(made._id, photo);
              } catch (error) {
                notify.error(
                  errorMessage(error, 'The return is requested, but the photo could not be attached.'),
                );
              }
              setPhoto(null);
              await afterSale.refetch();
            }
            notify.success('Return requested: we will reply by mail.');
          }}
        />
      ) : null}
      {open === 'cancel' ? (
        <LinePicker
          title="Cancel items"
          lines={cancellable}
          reasons="one"
          submitLabel="Cancel these items"
          busy={cancelItems.isPending}
          onClose={() => setOpen(null)}
          onSubmit={async (items, reason) => {
            try {
              const done = await cancelItems.mutateAsync({
                items: items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
                reason,
              });
              notify.success(
                done.refund > 0
                  ? `${done.message} ${formatINR(done.refund)} is being refunded.`
                  : done.message,
              );
              setOpen(null);
            } catch (error) {
              notify.error(errorMessage(error, 'The items could not be cancelled.'));
            }
          }}
        />
      ) : null}
      {requests.length > 0 ? (
        <section aria-labelledby="order-returns-title" className="mt-6">
          <h2 id="order-returns-title" className="mb-3 text-lg font-medium">
            Returns
          </h2>
          <div className="flex flex-col gap-3">
            {requests.map((r) => (
              <ReturnRequestCard key={r._id} request={r} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
