import type { AdminOrder } from '@bazaar/shared/schemas/order-admin';
import { takesPaymentLink } from '@bazaar/shared/schemas/order-admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSendPaymentLink } from '../api/send-payment-link';

/**
 * "Send payment link" on an unpaid order awaiting payment or COD confirmation (an order taken by
 * phone, a card that failed): the server mails the shopper the provider's link, or in the sandbox
 * their order page; what was sent is shown so the admin can also read it out on the phone.
 */
export function SendPaymentLink({
  order,
}: {
  order: Pick<AdminOrder, '_id' | 'isPaid' | 'status' | 'paymentMethod'>;
}) {
  const send = useSendPaymentLink();
  const [sent, setSent] = useState<string | null>(null);
  if (!takesPaymentLink(order)) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        loading={send.isPending}
        disabled={send.isPending}
        onClick={async () => {
          try {
            const reply = await send.mutateAsync(order._id);
            setSent(reply.url);
            notify.success(reply.message);
          } catch (error) {
            notify.error(errorMessage(error, 'Could not send the payment link.'));
          }
        }}
      >
        Send payment link
      </Button>
      {sent ? (
        <p className="text-xs text-gray-700" data-testid="payment-link-sent">
          Sent: <span className="break-all font-mono">{sent}</span>
        </p>
      ) : null}
    </div>
  );
}
