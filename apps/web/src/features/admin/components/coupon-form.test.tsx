import { couponBodySchema, couponWriteReplySchema } from '@bazaar/shared/schemas/coupon-admin';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, refuse, reply, requestsTo } from '@/testing/api-server';
import { user as aUser, id } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { CouponForm } from './coupon-form';

/** Codes the shop already has (upper-case). */
let taken: Set<string>;

beforeEach(() => {
  taken = new Set(['WELCOME10']);
  api.use(
    http.post('/api/coupons/create-coupon', async ({ request }) => {
      const body = couponBodySchema.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      const { code, discount, usageLimit, expiresAt } = body.data;
      if (taken.has(code)) {
        return refuse('CONFLICT', `A coupon with the code ${code} already exists.`, {
          code: 'This code is already in use',
        });
      }
      taken.add(code);
      const now = new Date().toISOString();
      return reply(
        couponWriteReplySchema,
        {
          message: 'Coupon created',
          coupon: {
            _id: id(),
            code,
            discount,
            usageLimit,
            expiresAt: expiresAt ? `${expiresAt}T18:29:59.999Z` : null,
            expiryDate: expiresAt ?? null,
            usedCount: 0,
            expired: false,
            welcomeFor: null,
            createdAt: now,
            updatedAt: now,
          },
        },
        { status: 201 },
      );
    }),
  );
  signIn(aUser({ isAdmin: true }));
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((i) => i.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
};

function openForm() {
  const view = renderRoutes([{ path: '/', element: <CouponForm /> }]);
  const create = () => view.user.click(screen.getByRole('button', { name: 'Create Coupon' }));
  return { ...view, create };
}

async function fill(user: ReturnType<typeof openForm>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

describe('the Create Coupon form', () => {
  it('names each required field and sends nothing', async () => {
    const { create } = openForm();
    await create();
    await waitFor(() => expect(errorOf('Coupon Code *')).toBe('Coupon code is required'));
    expect(errorOf('Discount (%) *')).toBe('Discount is required');
    expect(errorOf('Usage Limit *')).toBe('Usage limit is required');
    expect(errorOf('Expiry Date')).toBeNull();
    expect(requestsTo('POST', '/api/coupons/create-coupon')).toEqual([]);
  });

  it('refuses a code with spaces or symbols, a discount outside 1–100 and a usage limit under 1', async () => {
    const { user, create } = openForm();
    await fill(user, { 'Coupon Code *': 'SAVE 10!', 'Discount (%) *': '101', 'Usage Limit *': '0' });
    await create();
    await waitFor(() =>
      expect(errorOf('Coupon Code *')).toBe('Coupon code may hold letters, digits, - and _ only'),
    );
    expect(errorOf('Discount (%) *')).toBe('Discount must be 1 to 100');
    expect(errorOf('Usage Limit *')).toBe('Usage limit must be at least 1');
    await fill(user, { 'Discount (%) *': '0' });
    await create();
    await waitFor(() => expect(errorOf('Discount (%) *')).toBe('Discount must be 1 to 100'));
    await fill(user, { 'Discount (%) *': '12.5' });
    await create();
    await waitFor(() => expect(errorOf('Discount (%) *')).toBe('Discount must be a whole number'));
    expect(requestsTo('POST', '/api/coupons/create-coupon')).toEqual([]);
  });

  it('creates a valid coupon, says so and empties the form', async () => {
    const { user, create } = openForm();
    await fill(user, {
      'Coupon Code *': 'diwali-25',
      'Discount (%) *': '25',
      'Usage Limit *': '100',
      'Expiry Date': '2030-11-01',
    });
    await create();
    await findToast('Coupon created successfully!');
    const [sent] = requestsTo('POST', '/api/coupons/create-coupon');
    expect(await sent!.json()).toEqual({
      code: 'DIWALI-25',
      discount: 25,
      usageLimit: 100,
      expiresAt: '2030-11-01',
    });
    await waitFor(() => expect(field('Coupon Code *').value).toBe(''));
    expect(field('Discount (%) *').value).toBe('');
  });

  it('shows the server’s refusal of a code in use under the code, and keeps what was typed', async () => {
    const { user, create } = openForm();
    await fill(user, { 'Coupon Code *': 'welcome10', 'Discount (%) *': '10', 'Usage Limit *': '5' });
    await create();
    await findToast('A coupon with the code WELCOME10 already exists.');
    await waitFor(() => expect(errorOf('Coupon Code *')).toBe('This code is already in use'));
    expect(field('Coupon Code *').value).toBe('welcome10');
  });
});
