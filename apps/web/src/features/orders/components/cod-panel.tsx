import { formatINR } from '@bazaar/shared/money';
import type { MyOrderDetail } from '@bazaar/shared/schemas/order-details';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { payOnline, useConfirmCod } from '../api/cod';
import { useOrderPayment } from '../lib/order-payment';

const until = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** A cash-on-delivery order's state, and while it awaits confirmation: Confirm, or Pay now online instead. */
export function CodPanel({ order }: { order: MyOrderDetail }) {
  return order.cod ? <CodOrderPanel order={order} cod={order.cod} /> : null;
}

function CodOrderPanel({ order, cod }: { order: MyOrderDetail; cod: NonNullable<MyOrderDetail['cod']> }) {
  const confirm = useConfirmCod();
  const payment = useOrderPayment();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const onPayOnline = async () => {
    setPaying(true);
    try {
      const reply = await payOnline(order._id);
      if (reply.kind === 'link' && reply.url) {
        window.location.assign(reply.url);
        return;
      }
      if (reply.payment) await payment.pay(reply.payment);
      await queryClient.invalidateQueries();
    } catch (error) {
      notify.error(errorMessage(error, 'The online payment could not be started.'));
    } finally {
      setPaying(false);
    }
  };
  return (
    <section aria-label="Cash on delivery" className="mt-6 rounded border p-4 text-sm" data-cod="">
      <h2 className="font-medium">Cash on delivery</h2>
      <p className="mt-1 text-gray-700">
        {cod.cashCollected
          ? 'Paid in cash on delivery.'
          : cod.canConfirm
            ? `Please confirm this order by ${cod.confirmBy ? until.format(new Date(cod.confirmBy)) : 'soon'} so we can ship it; unconfirmed, it is cancelled.`
            : `Pay ${formatINR(order.total)} to the courier on delivery.`}
        {cod.fee > 0 ? ` The delivery charge includes a ${formatINR(cod.fee)} COD fee.` : ''}
      </p>
      {cod.canConfirm || cod.canPayOnline ? (
        <div className="mt-3 flex flex-wrap gap-3">
          {cod.canConfirm ? (
            <Button
              onClick={() =>
                confirm.mutate(order._id, {
                  onSuccess: (r) => notify.success(r.message),
                  onError: (error) => notify.error(errorMessage(error, 'The order could not be confirmed.')),
                })
              }
              loading={confirm.isPending}
              disabled={confirm.isPending || paying}
            >
              Confirm order
            </Button>
          ) : null}
          {cod.canPayOnline ? (
            <Button variant="outline" onClick={onPayOnline} loading={paying} disabled={paying}>
              Pay now online instead
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
