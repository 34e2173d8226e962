import type { AdminOrder } from '@bazaar/shared';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, refuse, requestsTo } from '@/testing/api-server';
import { findToast, renderRoutes } from '@/testing/render';
import { SendPaymentLink } from './send-payment-link';

const ORDER = '00000000-0000-4000-8000-00000000a002';
const url = `/api/admin/orders/${ORDER}/payment-link`;
const order = (over: Partial<AdminOrder>) =>
  ({ _id: ORDER, isPaid: false, status: 'Pending', ...over }) as AdminOrder;
const show = (o: AdminOrder) => renderRoutes([{ path: '/', element: <SendPaymentLink order={o} /> }]);

describe('the admin’s Send payment link', () => {
  it('sends the link of an unpaid order and shows what was sent', async () => {
    api.use(
      http.post(url, () =>
        HttpResponse.json({
          message: 'Payment link sent to the shopper',
          url: 'https://rzp.io/i/abc123',
          via: 'payment_link',
          order: order({}),
        }),
      ),
    );
    const { user } = show(order({ status: 'Awaiting confirmation' }));
    await user.click(await screen.findByRole('button', { name: 'Send payment link' }));
    await findToast('Payment link sent to the shopper');
    expect((await screen.findByTestId('payment-link-sent')).textContent).toContain('https://rzp.io/i/abc123');
    expect(requestsTo('POST', url)).toHaveLength(1);
  });

  it('shows the server’s refusal', async () => {
    api.use(
      http.post(url, () =>
        refuse('CONFLICT', 'This order is already paid: there is nothing to send a payment link for.'),
      ),
    );
    const { user } = show(order({}));
    await user.click(await screen.findByRole('button', { name: 'Send payment link' }));
    await findToast('This order is already paid');
  });

  it('is not offered for a paid order or one past payment', () => {
    show(order({ isPaid: true, status: 'Processing' }));
    show(order({ status: 'Shipped', paymentMethod: 'cod' }));
    expect(screen.queryByRole('button', { name: 'Send payment link' })).toBeNull();
  });

  it('is offered for a confirmed COD order not yet shipped', async () => {
    show(order({ status: 'Processing', paymentMethod: 'cod' }));
    expect(await screen.findByRole('button', { name: 'Send payment link' })).toBeTruthy();
  });
});
