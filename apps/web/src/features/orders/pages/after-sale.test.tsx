import { myOrderDetailSchema } from '@bazaar/shared/schemas/order-details';
import {
  cancelItemsReplySchema,
  type OrderAfterSale,
  orderAfterSaleSchema,
  type ReturnRequest,
  returnRequestSchema,
  returnRequestsReplySchema,
} from '@bazaar/shared/schemas/returns';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, refuse, reply, requestsTo } from '@/testing/api-server';
import { findToast, renderRoutes } from '@/testing/render';
import { OrderDetailsPage } from './order-details-page';
import { OrdersPage } from './orders-page';

const ORDER = '00000000-0000-4000-8000-00000000a001';
const LAMP = '00000000-0000-4000-8000-00000000b001';
const MUG = '00000000-0000-4000-8000-00000000b002';

function detail(status: 'Delivered' | 'Processing') {
  return {
    _id: ORDER,
    orderNumber: 'A001',
    status,
    date: '2025-06-01T10:00:00.000Z',
    total: 2640,
    subtotal: 2400,
    shipping: 0,
    tax: 240,
    discount: 0,
    couponCode: null,
    isPaid: true,
    paidAt: '2025-06-01T10:05:00.000Z',
    paidWith: 'card',
    orderItems: [],
    tracking: null,
    carrier: null,
    trackingUrl: null,
    deliveryDate: null,
    payBy: null,
    shippingAddress: { street: '12 MG Road', city: 'Bengaluru', country: 'India', pinCode: '560001' },
    name: 'Asha Rao',
    phone: '9876543210',
    email: 'asha@example.com',
    lines: [
      {
        _id: LAMP,
        name: 'Desk Lamp',
        colour: null,
        size: null,
        quantity: 2,
        price: 1000,
        listPrice: 1000,
        discountPercent: 0,
        lineTotal: 2000,
      },
      {
        _id: MUG,
        name: 'Mug',
        colour: 'Blue',
        size: null,
        quantity: 1,
        price: 400,
        listPrice: 400,
        discountPercent: 0,
        lineTotal: 400,
      },
    ],
    payment: { method: 'razorpay', status: 'Paid', paidAt: '2025-06-01T10:05:00.000Z' },
    shipment: null,
    timeline: [],
    refunds: [],
  };
}

const line = (orderItemId: string, name: string, bought: number, available: number) => ({
  orderItemId,
  name,
  colour: null,
  size: null,
  bought,
  available,
});

function afterSale(patch: Partial<OrderAfterSale> = {}): OrderAfterSale {
  return {
    returns: {
      open: true,
      reason: null,
      until: '2025-06-08T10:00:00.000Z',
      windowDays: 3,
      lines: [line(LAMP, 'Desk Lamp', 2, 2), line(MUG, 'Mug', 1, 1)],
    },
    cancel: {
      open: false,
      reason: 'This order is Delivered: items can only be cancelled before it ships.',
      lines: [],
    },
    requests: [],
    ...patch,
  };
}

function request(patch: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    _id: '00000000-0000-4000-8000-00000000c001',
    orderId: ORDER,
    orderNumber: 'A001',
    status: 'requested',
    hasPhoto: false,
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
    history: [{ status: 'requested', at: '2025-06-05T10:00:00.000Z', note: null }],
    createdAt: '2025-06-05T10:00:00.000Z',
    ...patch,
  };
}

const openOrder = () =>
  renderRoutes([{ path: '/orders/:orderId', element: <OrderDetailsPage /> }], { path: `/orders/${ORDER}` });

describe('returning items of a delivered order', () => {
  beforeEach(() => {
    api.use(http.get(`/api/orders/${ORDER}`, () => reply(myOrderDetailSchema, detail('Delivered'))));
  });

  it('picks units and a reason per line, sends them, and shows the request', async () => {
    let sale = afterSale();
    api.use(
      http.get(`/api/orders/${ORDER}/after-sale`, () => reply(orderAfterSaleSchema, sale)),
      http.post(`/api/orders/${ORDER}/returns`, () => {
        sale = afterSale({ requests: [request()] });
        return reply(returnRequestSchema, request(), { status: 201 });
      }),
    );
    const { user } = openOrder();
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = screen.getByRole('form', { name: 'Return items' });
    const submit = within(form).getByRole('button', { name: 'Request return' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // No more than can still be returned.
    const lamp = within(form).getByLabelText('Quantity of Desk Lamp');
    expect(
      within(lamp)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2']);
    await user.selectOptions(lamp, '1');
    await user.type(within(form).getByLabelText('Why are you returning Desk Lamp?'), 'Too dim');
    await user.click(submit);
    await findToast('Return requested: we will reply by mail.');
    const [sent] = requestsTo('POST', `/api/orders/${ORDER}/returns`);
    expect(await sent!.json()).toEqual({ items: [{ orderItemId: LAMP, quantity: 1, reason: 'Too dim' }] });
    const returns = await screen.findByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('Requested')).toBeTruthy();
    expect(within(returns).getByText(/Desk Lamp × 1/)).toBeTruthy();
  });

  it('offers no return once the window closed, and says why', async () => {
    api.use(
      http.get(`/api/orders/${ORDER}/after-sale`, () =>
        reply(
          orderAfterSaleSchema,
          afterSale({
            returns: {
              ...afterSale().returns,
              open: false,
              reason:
                'The return window for this order closed on 8 June 2025: goods can be returned within 3 days of delivery.',
            },
          }),
        ),
      ),
    );
    openOrder();
    expect(await screen.findByText(/The return window for this order closed on 8 June 2025/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    api.use(
      http.get(`/api/orders/${ORDER}/after-sale`, () => reply(orderAfterSaleSchema, afterSale())),
      http.post(`/api/orders/${ORDER}/returns`, () =>
        refuse('CONFLICT', 'You can return at most 1 of Desk Lamp.'),
      ),
    );
    const { user } = openOrder();
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    await user.selectOptions(screen.getByLabelText('Quantity of Desk Lamp'), '2');
    await user.type(screen.getByLabelText('Why are you returning Desk Lamp?'), 'Broken');
    await user.click(screen.getByRole('button', { name: 'Request return' }));
    await findToast('You can return at most 1 of Desk Lamp.');
  });
});

describe('the return form’s photo', () => {
  const RETURN = request()._id;
  beforeEach(() => {
    api.use(
      http.get(`/api/orders/${ORDER}`, () => reply(myOrderDetailSchema, detail('Delivered'))),
      http.get(`/api/orders/${ORDER}/after-sale`, () => reply(orderAfterSaleSchema, afterSale())),
      http.post(`/api/orders/${ORDER}/returns`, () => reply(returnRequestSchema, request(), { status: 201 })),
      http.put(`/api/returns/${RETURN}/photo`, () => reply(returnRequestSchema, request({ hasPhoto: true }))),
    );
  });
  const file = (name: string, type: string, bytes = 1500) =>
    new File([new Uint8Array(bytes)], name, { type });
  /** Opens the return form with one lamp and its reason filled in; the photo input with it. */
  const openForm = async () => {
    const view = openOrder();
    await view.user.click(await screen.findByRole('button', { name: 'Return items' }));
    await view.user.selectOptions(screen.getByLabelText('Quantity of Desk Lamp'), '1');
    await view.user.type(screen.getByLabelText('Why are you returning Desk Lamp?'), 'Cracked');
    return { ...view, input: screen.getByLabelText(/Photo of the item/) as HTMLInputElement };
  };

  it('accepts a picture, names it with its size, and sends it with the return', async () => {
    const { user, input } = await openForm();
    await user.upload(input, file('lamp.png', 'image/png'));
    expect(screen.getByText('Photo: lamp.png (1 KB)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request return' }));
    await findToast('Return requested: we will reply by mail.');
    const [sent] = requestsTo('PUT', `/api/returns/${RETURN}/photo`);
    const photo = (await sent!.formData()).get('photo') as File;
    expect({ name: photo.name, type: photo.type, size: photo.size }).toEqual({
      name: 'lamp.png',
      type: 'image/png',
      size: 1500,
    });
  });

  it('refuses a file that is not a picture, or one too large, saying why, and keeps neither', async () => {
    const { user, input } = await openForm();
    await user.upload(input, file('receipt.pdf', 'application/pdf'));
    expect(screen.getByRole('alert').textContent).toBe(
      '“receipt.pdf” is not a photo: choose a JPEG, PNG or WebP picture.',
    );
    expect(screen.queryByText(/^Photo: /)).toBeNull();
    await user.upload(
      screen.getByLabelText(/Photo of the item/),
      file('huge.jpg', 'image/jpeg', 6 * 1024 * 1024),
    );
    expect(screen.getByRole('alert').textContent).toBe('“huge.jpg” is 6.0 MB: a photo can be at most 5 MB.');
    expect(screen.queryByText(/^Photo: /)).toBeNull();
    // A good one afterwards clears the message.
    await user.upload(screen.getByLabelText(/Photo of the item/), file('lamp.jpg', 'image/jpeg'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Photo: lamp.jpg (1 KB)')).toBeTruthy();
  });

  it('removes the chosen photo: the return goes without one', async () => {
    const { user, input } = await openForm();
    await user.upload(input, file('lamp.webp', 'image/webp'));
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByText(/^Photo: /)).toBeNull();
    expect((screen.getByLabelText(/Photo of the item/) as HTMLInputElement).files).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Request return' }));
    await findToast('Return requested: we will reply by mail.');
    expect(requestsTo('POST', `/api/orders/${ORDER}/returns`)).toHaveLength(1);
    expect(requestsTo('PUT', `/api/returns/${RETURN}/photo`)).toEqual([]);
  });
});

describe('cancelling some items of a paid order before it ships', () => {
  it('picks units with one reason and tells what is refunded', async () => {
    api.use(
      http.get(`/api/orders/${ORDER}`, () => reply(myOrderDetailSchema, detail('Processing'))),
      http.get(`/api/orders/${ORDER}/after-sale`, () =>
        reply(
          orderAfterSaleSchema,
          afterSale({
            returns: {
              open: false,
              reason: 'Only a delivered order can be returned.',
              until: null,
              windowDays: 3,
              lines: [],
            },
            cancel: {
              open: true,
              reason: null,
              lines: [line(LAMP, 'Desk Lamp', 2, 2), line(MUG, 'Mug', 1, 1)],
            },
          }),
        ),
      ),
      http.post(`/api/orders/${ORDER}/cancel-items`, () =>
        reply(cancelItemsReplySchema, {
          refund: 1100,
          orderStatus: 'Processing',
          message: '1 item cancelled.',
        }),
      ),
    );
    const { user } = openOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel items' }));
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Quantity of Desk Lamp'), '1');
    await user.type(screen.getByLabelText('Why are you cancelling?'), 'Need only one');
    await user.click(screen.getByRole('button', { name: 'Cancel these items' }));
    await findToast('1 item cancelled. ₹1,100 is being refunded.');
    const [sent] = requestsTo('POST', `/api/orders/${ORDER}/cancel-items`);
    expect(await sent!.json()).toEqual({
      items: [{ orderItemId: LAMP, quantity: 1 }],
      reason: 'Need only one',
    });
  });
});

describe('My Returns', () => {
  it('lists the shopper’s return requests with the refund, linking each to its order', async () => {
    api.use(
      http.get('/api/returns', () =>
        reply(returnRequestsReplySchema, {
          returns: [
            request({
              status: 'refunded',
              refund: 990.5,
              refundStatus: 'processed',
              adminNote: 'Thanks, received.',
            }),
          ],
        }),
      ),
    );
    renderRoutes([{ path: '/orders', element: <OrdersPage /> }], { path: '/orders?show=returns' });
    expect(await screen.findByRole('heading', { name: 'My Returns', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Refund: ₹990.50')).toBeTruthy();
    expect(screen.getByText('From the shop: Thanks, received.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order #A001' }).getAttribute('href')).toBe(`/orders/${ORDER}`);
  });

  it('says so when there are none', async () => {
    api.use(http.get('/api/returns', () => reply(returnRequestsReplySchema, { returns: [] })));
    renderRoutes([{ path: '/orders', element: <OrdersPage /> }], { path: '/orders?show=returns' });
    expect(await screen.findByText('No returns yet')).toBeTruthy();
  });
});
