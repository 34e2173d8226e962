import { shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply } from '@/testing/api-server';
import { shopSettings } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { ContactDetails } from './contact-details';

const openWith = (patch: Parameters<typeof shopSettings>[0]) => {
  api.use(http.get('/api/settings', () => reply(shopSettingsSchema, shopSettings(patch))));
  return renderRoutes([{ path: '/contact', Component: ContactDetails }], { path: '/contact' });
};

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('the contact page’s details', () => {
  it('shows the shop’s two phone lines, two email lines and its social links, all from the settings', async () => {
    openWith({
      name: 'Kirana Corner',
      phone: '+91 80 1234 5678',
      secondPhone: '+91 22 4000 5678',
      email: 'help@kirana.example',
      secondEmail: 'orders@kirana.example',
      facebookUrl: 'https://www.facebook.com/kirana',
      instagramUrl: 'https://www.instagram.com/kirana',
      xUrl: null,
      youtubeUrl: 'https://www.youtube.com/@kirana',
    });
    const second = await screen.findByRole('link', { name: '+91 22 4000 5678' });
    expect(second.getAttribute('href')).toBe('tel:+912240005678');
    const phones = within(card('Call us')).getAllByRole('link');
    expect(phones.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['+91 80 1234 5678', 'tel:+918012345678'],
      ['+91 22 4000 5678', 'tel:+912240005678'],
    ]);
    const emails = within(card('Email us')).getAllByRole('link');
    expect(emails.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['help@kirana.example', 'mailto:help@kirana.example'],
      ['orders@kirana.example', 'mailto:orders@kirana.example'],
    ]);

    const social = within(card('Follow us')).getAllByRole('link');
    expect(social.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.facebook.com/kirana',
      'https://www.instagram.com/kirana',
      'https://www.youtube.com/@kirana',
    ]);
    // Named for what they open; another site, in a new tab that gets neither the page's window nor its address.
    const facebook = screen.getByRole('link', { name: 'Kirana Corner on Facebook (opens in a new tab)' });
    expect(facebook.getAttribute('target')).toBe('_blank');
    for (const link of social) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: /on X/ })).toBeNull();
  });

  it('shows one line of each and no social links when the shop set no second lines or links', async () => {
    openWith({ phone: '+91 98765 43210', email: 'shop@bazaar.local' });
    await screen.findByRole('link', { name: 'shop@bazaar.local' });
    expect(within(card('Call us')).getAllByRole('link')).toHaveLength(1);
    expect(within(card('Email us')).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Follow us' })).toBeNull();
  });
});
