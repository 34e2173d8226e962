import { shopSettingsUpdateFieldsSchema } from '@bazaar/shared/schemas/admin';
import { type ShopSettings, shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { carriersReplySchema } from '@bazaar/shared/schemas/shipments';
import { taxSettingsReplySchema } from '@bazaar/shared/schemas/tax-settings';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_SETTINGS_KEY } from '@/lib/shop-settings';
import { api, invalid, readForm, reply, requestsTo } from '@/testing/api-server';
import { user as aUser, shopSettings } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { ShopSettingsPage } from './shop-settings-page';

/** The shop's settings as the server holds them; a valid save changes them. */
let stored: ShopSettings;
let saves = 0;

beforeEach(() => {
  stored = shopSettings({ name: 'Bazaar', shippingFee: 50, freeShippingThreshold: 140 });
  saves = 0;
  api.use(
    http.get('/api/settings', () => reply(shopSettingsSchema, stored)),
    http.get('/api/admin/carriers', () => reply(carriersReplySchema, { carriers: [] })),
    http.get('/api/admin/settings/tax', () =>
      reply(taxSettingsReplySchema, { taxMode: 'flat', gstin: null, stateCode: null, state: null }),
    ),
    // As the server reads the form: the shared schema of its fields, the logo apart.
    http.put('/api/settings', async ({ request }) => {
      const { fields, files } = await readForm(request);
      const checked = shopSettingsUpdateFieldsSchema.safeParse(fields);
      if (!checked.success) return invalid(checked.error);
      const { removeLogo, ...changes } = checked.data;
      saves += 1;
      stored = shopSettingsSchema.parse({
        ...stored,
        ...changes,
        logo: files.length ? '/uploads/logo.webp' : removeLogo ? null : stored.logo,
        updatedAt: new Date(Date.parse(stored.updatedAt) + saves * 1000).toISOString(),
      });
      return reply(shopSettingsSchema, stored);
    }),
  );
  signIn(aUser({ isAdmin: true }));
});

async function openSettings() {
  const view = renderRoutes([{ path: '/admin/settings', Component: ShopSettingsPage }], {
    path: '/admin/settings',
  });
  await screen.findByRole('button', { name: 'Save Changes' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { ...view, save };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((i) => i.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
};

async function replace(user: Awaited<ReturnType<typeof openSettings>>['user'], label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

describe('the Shop Settings form', () => {
  it('starts from the shop’s current settings', async () => {
    await openSettings();
    expect(field('Shop Name').value).toBe('Bazaar');
    // The delivery figures are the default zone's: shown, and edited on the Delivery zones screen.
    expect(screen.queryByLabelText('Delivery fee (₹)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Delivery zones' }).getAttribute('href')).toBe('/admin/delivery');
    expect(
      screen.getByText(/Carts without a pincode pay the default zone's fee: ₹50, free from ₹140\./),
    ).toBeTruthy();
    expect(field('Payment window (minutes)').value).toBe('');
    expect(field('Payment window (minutes)').placeholder).toBe("30 (the server's default)");
  });

  it('shows each refusal of the server under its field and keeps the settings', async () => {
    const { user, save } = await openSettings();
    await replace(user, 'Shop Name', '');
    await replace(user, 'Phone', 'call me');
    await replace(user, 'Google Analytics ID', 'UA-1234');
    await replace(user, 'Units one shopper may hold', '0');
    await save();
    await findToast('Invalid request: check');
    await waitFor(() => expect(errorOf('Shop Name')).toBe('Shop name is required'));
    expect(errorOf('Phone')).toBe('Phone may hold digits, spaces, +, - and brackets only');
    expect(errorOf('Google Analytics ID')).toBe('Google Analytics ID looks like G-XXXXXXXXXX');
    expect(errorOf('Units one shopper may hold')).toBe('Units one shopper may hold must be 1 to 100000');
    expect(errorOf('Email')).toBeNull();
    expect(saves).toBe(0);
  });

  it('saves the changes, says so, and the whole app reads the new settings', async () => {
    const { user, save, queryClient } = await openSettings();
    await replace(user, 'Shop Name', 'Bazaar India');
    await replace(user, 'Payment window (minutes)', '45');
    await save();
    await findToast('Shop settings updated!');
    const [sent] = requestsTo('PUT', '/api/settings');
    const form = await sent!.formData();
    expect(form.get('name')).toBe('Bazaar India');
    expect(form.has('shippingFee')).toBe(false);
    expect(form.get('holdWindowMinutes')).toBe('45');
    expect(form.has('removeLogo')).toBe(false);
    expect(queryClient.getQueryData<ShopSettings>(SHOP_SETTINGS_KEY)).toMatchObject({
      name: 'Bazaar India',
      holdWindowMinutes: 45,
    });
    // The form starts again from what was saved.
    await waitFor(() => expect(field('Payment window (minutes)').value).toBe('45'));
  });

  it('edits the COD limits: shown from the settings, refused under the field, 0 shown as off', async () => {
    stored = shopSettings({ codMaxOpenOrders: 2, codRefuseAfterRto: 0 });
    const { user, save, queryClient } = await openSettings();
    expect(field('Open COD orders per account').value).toBe('2');
    expect(field('Refuse COD after returned parcels').value).toBe('');
    await replace(user, 'Open COD orders per account', '0');
    await save();
    await findToast('Open cash-on-delivery orders per account must be 1 to 100');
    await waitFor(() =>
      expect(errorOf('Open COD orders per account')).toBe(
        'Open cash-on-delivery orders per account must be 1 to 100',
      ),
    );
    expect(saves).toBe(0);
    await replace(user, 'Open COD orders per account', '3');
    await replace(user, 'Refuse COD after returned parcels', '1');
    await save();
    await findToast('Shop settings updated!');
    const form = await requestsTo('PUT', '/api/settings').at(-1)!.formData();
    expect(form.get('codMaxOpenOrders')).toBe('3');
    expect(form.get('codRefuseAfterRto')).toBe('1');
    expect(queryClient.getQueryData<ShopSettings>(SHOP_SETTINGS_KEY)).toMatchObject({
      codMaxOpenOrders: 3,
      codRefuseAfterRto: 1,
    });
    await waitFor(() => expect(field('Refuse COD after returned parcels').value).toBe('1'));
  });

  it('takes a logo picture and refuses a file that is not one', async () => {
    const { user, save } = await openSettings();
    await user.upload(field('Logo'), new File(['x'], 'logo.pdf', { type: 'application/pdf' }));
    await findToast('logo.pdf is not a picture');
    await user.upload(field('Logo'), new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'new logo' })).toBeTruthy();
    await save();
    await findToast('Shop settings updated!');
    const form = await requestsTo('PUT', '/api/settings')[0]!.formData();
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(stored.logo).toBe('/uploads/logo.webp');
  });

  it('edits the contact page’s second lines and social links; a link off its network is refused under it', async () => {
    const { user, save, queryClient } = await openSettings();
    await replace(user, 'Second phone', '+91 22 4000 5678');
    await replace(user, 'Second email', 'orders@bazaar.example');
    await replace(user, 'Instagram link', 'https://www.instagram.com/bazaar');
    await replace(user, 'YouTube link', 'https://vimeo.com/bazaar');
    await save();
    await findToast('YouTube link must be an https:// address on youtube.com or youtu.be');
    await waitFor(() =>
      expect(errorOf('YouTube link')).toBe(
        'YouTube link must be an https:// address on youtube.com or youtu.be',
      ),
    );
    expect(saves).toBe(0);

    await replace(user, 'YouTube link', '');
    await save();
    await findToast('Shop settings updated!');
    const form = await requestsTo('PUT', '/api/settings').at(-1)!.formData();
    expect(form.get('secondPhone')).toBe('+91 22 4000 5678');
    expect(form.get('instagramUrl')).toBe('https://www.instagram.com/bazaar');
    expect(queryClient.getQueryData<ShopSettings>(SHOP_SETTINGS_KEY)).toMatchObject({
      secondPhone: '+91 22 4000 5678',
      secondEmail: 'orders@bazaar.example',
      instagramUrl: 'https://www.instagram.com/bazaar',
      youtubeUrl: null,
    });
  });
});
