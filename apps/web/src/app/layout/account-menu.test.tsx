import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { user as aUser } from '@/testing/fixtures';
import { renderRoutes, signIn } from '@/testing/render';
import AccountMenu from './account-menu';

describe('the account menu', () => {
  it('leads a signed-in shopper to My alerts', async () => {
    signIn(aUser({ name: 'Asha' }));
    const { user } = renderRoutes(
      [
        { path: '/', Component: AccountMenu },
        { path: '/alerts', element: <h1>My alerts</h1> },
      ],
      { path: '/' },
    );
    await user.click(screen.getByRole('button', { name: 'Account menu for Asha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My alerts' }));
    expect(await screen.findByRole('heading', { name: 'My alerts' })).toBeTruthy();
  });
});
