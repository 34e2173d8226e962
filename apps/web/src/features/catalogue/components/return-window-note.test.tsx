import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply } from '@/testing/api-server';
import { shopSettings } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { ReturnWindowNote } from './return-window-note';

const open = () =>
  renderRoutes([
    {
      path: '/',
      element: (
        <ul>
          <ReturnWindowNote />
        </ul>
      ),
    },
  ]);

describe('the product page’s return note', () => {
  it('says the shop’s return window', async () => {
    api.use(
      http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings({ returnWindowDays: 7 }))),
    );
    open();
    expect(await screen.findByText('Return within 7 days')).toBeTruthy();
    expect(screen.getByText('Free returns within 7 days of delivery.')).toBeTruthy();
  });

  it('promises no return when the shop takes none', async () => {
    api.use(
      http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings({ returnWindowDays: 0 }))),
    );
    open();
    expect(await screen.findByText('No returns')).toBeTruthy();
  });
});
