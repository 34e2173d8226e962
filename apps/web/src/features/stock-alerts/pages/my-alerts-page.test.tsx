import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { type MyStockAlert, myStockAlertListSchema } from '@bazaar/shared/schemas/stock-alerts';
import { messageReplySchema } from '@bazaar/shared/schemas/user';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, refuse, reply, requestsTo } from '@/testing/api-server';
import { user as aUser, shopSettings } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { MyAlertsPage } from './my-alerts-page';

const PRODUCT = '33333333-3333-4333-8333-333333333333';
let stored: MyStockAlert[];

const alert = (
  size: string | null,
  status: MyStockAlert['status'],
  colour: string | null = 'blue',
): MyStockAlert => ({
  id: crypto.randomUUID(),
  productId: PRODUCT,
  productName: 'Cotton Kurta',
  colour,
  size,
  status,
  createdAt: '2026-12-01T10:00:00.000Z',
});

beforeEach(() => {
  stored = [alert('M', 'active'), alert('L', 'pending'), alert(null, 'sent', null)];
  api.use(
    // The page's title names the shop.
    http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings())),
    http.get('/api/stock-alerts/mine', () => reply(myStockAlertListSchema, { alerts: stored })),
    http.delete('/api/stock-alerts/mine/:alertId', ({ params }) => {
      if (!stored.some((a) => a.id === params.alertId))
        return refuse('NOT_FOUND', 'This alert was not found.');
      stored = stored.filter((a) => a.id !== params.alertId);
      return reply(messageReplySchema, { message: 'Alert removed: we will not email you about it.' });
    }),
  );
  signIn(aUser());
});

const open = () => renderRoutes([{ path: '/alerts', Component: MyAlertsPage }], { path: '/alerts' });

describe('My alerts', () => {
  it('lists each alert’s product, variant and status, linking to the product', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'My alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('blue / M');
    expect(items[0]!.textContent).toContain('We will email you when it is back');
    expect(items[1]!.textContent).toContain('Waiting for you to confirm by email');
    expect(items[2]!.textContent).toContain('Back in stock: we emailed you');
    expect(within(items[0]!).getByRole('link', { name: 'Cotton Kurta' }).getAttribute('href')).toBe(
      `/product/${PRODUCT}`,
    );
  });

  it('removes one alert and shows the list without it', async () => {
    const { user } = open();
    const medium = stored[0]!;
    await user.click(
      await screen.findByRole('button', { name: 'Remove the alert for Cotton Kurta (blue / M)' }),
    );
    await findToast('Alert removed: we will not email you about it.');
    expect(requestsTo('DELETE', `/api/stock-alerts/mine/${medium.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByText('blue / M')).toBeNull();
  });

  it('says so when there are none', async () => {
    stored = [];
    open();
    expect(await screen.findByText('You have no alerts')).toBeTruthy();
  });
});
