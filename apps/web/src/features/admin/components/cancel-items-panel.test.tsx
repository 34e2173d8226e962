import type { AdminOrder } from '@bazaar/shared';
import { adminReturnsReplySchema, cancelItemsReplySchema } from '@bazaar/shared/schemas/returns';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, requestsTo } from '@/testing/api-server';
import { findToast, renderRoutes } from '@/testing/render';
import { ReturnsPage } from '../pages/returns-page';
import { CancelItemsPanel } from './cancel-items-panel';

const ORDER = '00000000-0000-4000-8000-00000000a001';
const LAMP = '00000000-0000-4000-8000-00000000b001';

const order = {
  _id: ORDER,
  status: 'Processing',
  orderItems: [
    {
      _id: LAMP,
      productId: null,
      name: 'Desk Lamp',
      image: null,
      qty: 3,
      cancelledQty: 1,
      returnedQty: 0,
      price: 999,
      discount: 0,
      colour: null,
      size: null,
    },
  ],
} as unknown as AdminOrder;

describe('the admin’s Cancel items', () => {
  it('cancels the chosen units with a reason and shows the refund', async () => {
    api.use(
      http.post(`/api/admin/orders/${ORDER}/cancel-items`, () =>
        reply(cancelItemsReplySchema, {
          refund: 999,
          orderStatus: 'Processing',
          message: '1 item cancelled.',
        }),
      ),
    );
    const { user } = renderRoutes([{ path: '/', element: <CancelItemsPanel order={order} /> }]);
    await user.click(await screen.findByRole('button', { name: 'Cancel items' }));
    const units = screen.getByLabelText('Units of Desk Lamp to cancel');
    // Three bought, one cancelled before: at most two.
    expect(
      within(units)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2']);
    await user.selectOptions(units, '1');
    await user.click(screen.getByRole('button', { name: 'Cancel the chosen items and refund' }));
    await findToast('Write the reason for the cancellation.');
    await user.type(screen.getByLabelText(/Reason/), 'Damaged in the warehouse');
    await user.click(screen.getByRole('button', { name: 'Cancel the chosen items and refund' }));
    expect(await screen.findByText(/Items cancelled; refund/)).toBeTruthy();
    const [sent] = requestsTo('POST', `/api/admin/orders/${ORDER}/cancel-items`);
    expect(await sent!.json()).toEqual({
      items: [{ orderItemId: LAMP, quantity: 1 }],
      reason: 'Damaged in the warehouse',
    });
  });
});

describe('the admin’s all-returns list', () => {
  it('lists every order’s returns with a link to the order, and filters by status', async () => {
    api.use(
      http.get('/api/admin/returns', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        return reply(adminReturnsReplySchema, {
          returns:
            status === 'rejected'
              ? []
              : [
                  {
                    _id: '00000000-0000-4000-8000-00000000c001',
                    orderId: ORDER,
                    orderNumber: '00000000',
                    status: 'requested',
                    items: [
                      {
                        orderItemId: LAMP,
                        name: 'Desk Lamp',
                        colour: null,
                        size: null,
                        quantity: 1,
                        reason: 'Too dim',
                        refund: null,
                      },
                    ],
                    adminNote: null,
                    refund: null,
                    refundStatus: null,
                    history: [],
                    createdAt: '2025-06-05T10:00:00.000Z',
                    customer: { name: 'Asha', email: 'asha@example.com' },
                    hasPhoto: true,
                  },
                ],
          total: status === 'rejected' ? 0 : 1,
          page: 1,
          pages: 1,
        });
      }),
    );
    const { user } = renderRoutes([{ path: '/', element: <ReturnsPage /> }]);
    const link = await screen.findByRole('link', { name: '#00000000' });
    expect(link.getAttribute('href')).toBe(`/admin/orders/order/${ORDER}`);
    expect(screen.getByText('Photo attached')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Show'), 'rejected');
    expect(await screen.findByText('No return requests here.')).toBeTruthy();
    expect(requestsTo('GET', '/api/admin/returns').length).toBeGreaterThanOrEqual(2);
  });
});
