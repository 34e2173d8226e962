import {
  type ReturnRequest,
  returnRequestSchema,
  returnRequestsReplySchema,
} from '@bazaar/shared/schemas/returns';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, requestsTo } from '@/testing/api-server';
import { findToast, renderRoutes } from '@/testing/render';
import { ReturnsPanel } from './returns-panel';

const ORDER = '00000000-0000-4000-8000-00000000a001';
const RETURN = '00000000-0000-4000-8000-00000000c001';

function request(patch: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    _id: RETURN,
    orderId: ORDER,
    orderNumber: 'A001',
    status: 'requested',
    hasPhoto: false,
    items: [
      {
        orderItemId: '00000000-0000-4000-8000-00000000b001',
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
    customer: { name: 'Asha Rao', email: 'asha@example.com' },
    ...patch,
  };
}

/** The shop's side: each move answers the request as it now is, and the list follows. */
function shop() {
  let current = request();
  const next: Record<string, Partial<ReturnRequest>> = {
    approve: { status: 'approved' },
    reject: { status: 'rejected' },
    receive: { status: 'received' },
    refund: { status: 'refunded', refund: 990.5, refundStatus: 'processed' },
  };
  api.use(
    http.get(`/api/admin/orders/${ORDER}/returns`, () =>
      reply(returnRequestsReplySchema, { returns: [current] }),
    ),
    http.post(`/api/admin/returns/${RETURN}/:move`, async ({ params, request: sent }) => {
      const move = String(params.move);
      const body =
        move === 'approve' || move === 'reject' ? ((await sent.json()) as { message?: string }) : {};
      current = { ...current, ...next[move], ...(body.message ? { adminNote: body.message } : {}) };
      return reply(returnRequestSchema, current);
    }),
  );
}

const open = () => renderRoutes([{ path: '/', element: <ReturnsPanel orderId={ORDER} /> }]);

describe('the admin order screen’s returns', () => {
  it('approves, marks received and refunds, one move at a time', async () => {
    shop();
    const { user } = open();
    const panel = await screen.findByRole('region', { name: 'Returns' });
    expect(within(panel).getByText(/Desk Lamp × 1 — Too dim/)).toBeTruthy();
    await user.type(within(panel).getByLabelText(/Message to the customer/), 'Send it by Friday');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    await findToast('Return approved; the customer is told.');
    const [approve] = requestsTo('POST', `/api/admin/returns/${RETURN}/approve`);
    expect(await approve!.json()).toEqual({ message: 'Send it by Friday' });
    await user.click(await screen.findByRole('button', { name: 'Mark received' }));
    await findToast('Goods received; their stock is back.');
    await user.click(await screen.findByRole('button', { name: 'Refund returned items' }));
    await findToast('Refund issued for the returned items.');
    expect(await screen.findByText(/Refunded ₹990\.50/)).toBeTruthy();
  });

  it('rejects only with a reason for the customer', async () => {
    shop();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await findToast('Write the reason for the customer first.');
    expect(requestsTo('POST', `/api/admin/returns/${RETURN}/reject`)).toHaveLength(0);
    await user.type(screen.getByLabelText(/Message to the customer/), 'The seal is broken');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await findToast('Return rejected; the customer is told why.');
    expect(await screen.findByText('Message: The seal is broken')).toBeTruthy();
  });
});
