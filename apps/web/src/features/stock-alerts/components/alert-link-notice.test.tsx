import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { AlertLinkNotice } from './alert-link-notice';

function Page() {
  const location = useLocation();
  return (
    <>
      <AlertLinkNotice />
      <p data-testid="search">{location.search}</p>
    </>
  );
}

describe('the alert link notice', () => {
  it('tells a guest who followed the confirmation link that the alert is confirmed, until dismissed', async () => {
    const { user } = renderRoutes([{ path: '/product/:productId', Component: Page }], {
      path: '/product/p1?alert=confirmed&colour=blue',
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your alert is confirmed: we will email you once when it is back in stock.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('search').textContent).toBe('?colour=blue');
  });

  it('confirms an unsubscribe, and says nothing for other addresses', async () => {
    const view = renderRoutes([{ path: '/', Component: Page }], { path: '/?alert=unsubscribed' });
    expect((await screen.findByRole('status')).textContent).toContain('we will not email you about it');
    view.unmount();
    renderRoutes([{ path: '/', Component: Page }], { path: '/?alert=whatever' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
