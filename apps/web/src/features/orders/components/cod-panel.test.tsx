import type { MyOrderDetail } from '@bazaar/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { OrderPaymentContext } from '../lib/order-payment';
import { CodPanel } from './cod-panel';

const order = (cod: Partial<NonNullable<MyOrderDetail['cod']>>) =>
  ({
    _id: '00000000-0000-4000-8000-00000000c0d1',
    total: 1230,
    cod: { fee: 30, confirmBy: null, canConfirm: false, canPayOnline: false, cashCollected: false, ...cod },
  }) as MyOrderDetail;
const payment = { pay: async () => undefined };
const show = (o: MyOrderDetail) =>
  renderRoutes([
    {
      path: '/',
      element: (
        <OrderPaymentContext value={payment}>
          <CodPanel order={o} />
        </OrderPaymentContext>
      ),
    },
  ]);

describe('the order page’s cash-on-delivery panel', () => {
  it('offers Confirm and Pay now online instead while the order awaits confirmation', async () => {
    show(order({ canConfirm: true, canPayOnline: true, confirmBy: '2026-03-03T06:00:00.000Z' }));
    expect(await screen.findByRole('button', { name: 'Confirm order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now online instead' })).toBeTruthy();
  });

  it('offers only Pay now online instead once confirmed and not yet shipped', async () => {
    show(order({ canPayOnline: true }));
    expect(await screen.findByRole('button', { name: 'Pay now online instead' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
    expect(screen.getByText(/to the courier on delivery/)).toBeTruthy();
  });

  it('offers nothing once shipped', async () => {
    show(order({}));
    expect(await screen.findByText(/to the courier on delivery/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
