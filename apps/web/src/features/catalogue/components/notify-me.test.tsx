import type { ProductVariant } from '@bazaar/shared/schemas/catalogue';
import { stockAlertReplySchema } from '@bazaar/shared/schemas/stock-alerts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, reply, requestsTo } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { renderRoutes, signIn } from '@/testing/render';
import { NotifyMe } from './notify-me';

function variant(colour: string, size: string, countInStock: number): ProductVariant {
  return {
    id: `00000000-0000-4000-8000-${colour.length}${size.length}${countInStock}`.padEnd(36, '0'),
    sku: `K-${colour}-${size}`,
    colour,
    size,
    price: 500,
    salePrice: 500,
    countInStock,
    inStock: countInStock > 0,
    image: null,
  };
}

const redS = variant('Red', 'S', 3);
const redM = variant('Red', 'M', 0);
const redXl = variant('Red', 'XL', 0);
const blueM = variant('Blue', 'M', 0);
const all = [redS, redM, redXl, blueM];

function open(colour: string | null, size: string | null = null) {
  return renderRoutes([{ path: '/', element: <NotifyMe variants={all} colour={colour} size={size} /> }]);
}

describe('Notify me on a sold-out variant', () => {
  it('takes a guest’s email for the sold-out size of the chosen colour and says to confirm it', async () => {
    api.use(
      http.post('/api/stock-alerts', () =>
        reply(stockAlertReplySchema, { status: 'pending', message: 'Please check your inbox to confirm.' }),
      ),
    );
    const { user } = open('Red');
    const select = screen.getByRole('combobox', { name: 'Sold out' }) as HTMLSelectElement;
    // Red's sold-out sizes only, not Blue's.
    expect([...select.options].map((o) => o.textContent)).toEqual(['Red / M', 'Red / XL']);
    await user.selectOptions(select, 'Red / XL');
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('status')).textContent).toBe('Please check your inbox to confirm.');
    const [sent] = requestsTo('POST', '/api/stock-alerts');
    expect(await sent!.json()).toEqual({ variantId: redXl.id, email: 'guest@example.com' });
  });

  it('sends a signed-in shopper’s request without an address, and shows the shop’s refusal', async () => {
    signIn(aUser());
    api.use(
      http.post('/api/stock-alerts', () =>
        HttpResponse.json(
          { message: 'This size is in stock: you can add it to your bag now.', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    const { user } = open('Blue', 'M');
    expect(screen.queryByRole('textbox', { name: 'Your email' })).toBeNull();
    expect(screen.getByText('Sold out: Blue / M')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This size is in stock: you can add it to your bag now.',
    );
    expect(await requestsTo('POST', '/api/stock-alerts')[0]!.json()).toEqual({ variantId: blueM.id });
  });

  it('is not shown when nothing in the chosen colour is sold out', () => {
    renderRoutes([{ path: '/', element: <NotifyMe variants={[redS]} colour="Red" size={null} /> }]);
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });
});
