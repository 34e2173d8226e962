import { CHECKOUT_MESSAGES } from '@bazaar/shared/constants';
import { addressListReplySchema } from '@bazaar/shared/schemas/addresses';
import {
  CHECKOUT_LIMITS,
  type CheckoutSummary,
  checkoutSummarySchema,
  createOrderBodySchema,
} from '@bazaar/shared/schemas/orders';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, refuse, reply, requestsTo } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { CheckoutPage } from './checkout-page';

const routes = [
  { path: '/cart/checkout', Component: CheckoutPage },
  { path: '/login', element: <h1>Log in</h1> },
];

let summary: CheckoutSummary;

beforeEach(() => {
  summary = checkoutSummarySchema.parse({
    items: [
      {
        product: 'kettle-1',
        name: 'Steel Kettle',
        image: null,
        colour: null,
        size: null,
        quantity: 2,
        price: 800,
        lineTotal: 1600,
        stock: 5,
      },
    ],
    coupon: null,
    subtotal: 1600,
    discount: 0,
    tax: 160,
    shipping: 0,
    total: 1760,
    holdMinutes: 30,
    payBy: null,
    holdRefusals: [],
    lastDetails: null,
  });
  api.use(
    http.get('/api/orders/checkout', () => reply(checkoutSummarySchema, summary)),
    // A shopper with no saved address yet: the form is the billing details alone.
    http.get('/api/users/addresses', () => reply(addressListReplySchema, { addresses: [] })),
    // Checked as the server checks it; then refused as when the stock ran out meanwhile, so the test
    // ends before the payment window.
    http.post('/api/orders', async ({ request }) => {
      const body = createOrderBodySchema.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      return refuse('CONFLICT', 'Only 1 of Steel Kettle is in stock.');
    }),
  );
  signIn(aUser({ email: 'asha@example.com' }));
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The message under a field (tied to it by aria-describedby), or null. */
const errorOf = (label: string) => {
  const described = field(label).getAttribute('aria-describedby');
  return described ? (document.getElementById(described.split(' ')[0]!)?.textContent ?? null) : null;
};

async function openCheckout() {
  const view = renderRoutes(routes, { path: '/cart/checkout' });
  await screen.findByRole('heading', { name: 'Billing Details' });
  return view;
}

async function fillValid(user: Awaited<ReturnType<typeof openCheckout>>['user']) {
  await user.type(field('First Name*'), 'Asha');
  await user.type(field('Last Name'), 'Rao');
  await user.type(field('Street Address*'), '12 MG Road');
  await user.type(field('Town/City*'), 'Bengaluru');
  await user.type(field('State*'), 'Karnataka');
  await user.type(field('Pin Code*'), '560001');
  await user.type(field('Phone Number*'), '9876543210');
}

const placeOrder = (user: Awaited<ReturnType<typeof openCheckout>>['user']) =>
  user.click(screen.getByRole('button', { name: 'Place order' }));

describe('the checkout form', () => {
  it('marks every empty required field, toasts once, and sends nothing', async () => {
    const { user } = await openCheckout();
    // The account's email is offered.
    expect(field('Email Address*').value).toBe('asha@example.com');
    await placeOrder(user);
    await findToast(CHECKOUT_MESSAGES.requiredFields);
    for (const label of [
      'First Name*',
      'Street Address*',
      'Town/City*',
      'State*',
      'Pin Code*',
      'Phone Number*',
    ]) {
      expect(errorOf(label), label).toBe(CHECKOUT_MESSAGES.requiredFields);
      expect(field(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    // Optional fields are not marked.
    expect(errorOf('Last Name')).toBeNull();
    expect(errorOf('Apartment, floor, etc. (optional)')).toBeNull();
    expect(requestsTo('POST', '/api/orders')).toEqual([]);
  });

  it('wants a phone number of 10 digits and nothing else', async () => {
    const { user } = await openCheckout();
    await fillValid(user);
    const phone = field('Phone Number*');
    await user.clear(phone);
    await user.type(phone, '98765-4321');
    await user.tab();
    await waitFor(() => expect(errorOf('Phone Number*')).toBe(CHECKOUT_MESSAGES.phoneDigits));
    await user.clear(phone);
    await user.type(phone, '98765');
    await waitFor(() => expect(errorOf('Phone Number*')).toBe(CHECKOUT_MESSAGES.phoneLength));
    await placeOrder(user);
    // The refused submit puts the cursor back in the field at fault, and sends nothing.
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(requestsTo('POST', '/api/orders')).toEqual([]);
    // The box takes no more than 10 characters.
    expect(phone.maxLength).toBe(CHECKOUT_LIMITS.phoneDigits);
    await user.type(phone, '432109999');
    expect(phone.value).toBe('9876543210');
    await waitFor(() => expect(errorOf('Phone Number*')).toBeNull());
  });

  it('checks the email’s format and bounds the pin code and first name', async () => {
    const { user } = await openCheckout();
    await fillValid(user);
    const email = field('Email Address*');
    await user.clear(email);
    await user.type(email, 'asha@');
    await user.tab();
    await waitFor(() => expect(errorOf('Email Address*')).toBe(CHECKOUT_MESSAGES.invalidEmail));
    await placeOrder(user);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(requestsTo('POST', '/api/orders')).toEqual([]);
    expect(field('Pin Code*').maxLength).toBe(CHECKOUT_LIMITS.pinCode);
    expect(field('First Name*').maxLength).toBe(CHECKOUT_LIMITS.firstName);
    await user.clear(field('Pin Code*'));
    await user.tab();
    await waitFor(() => expect(errorOf('Pin Code*')).toBe(CHECKOUT_MESSAGES.requiredFields));
  });

  it('sends the order the API expects once the form is valid, and shows a refusal the shopper can act on', async () => {
    const { user } = await openCheckout();
    await fillValid(user);
    await placeOrder(user);
    await findToast('Only 1 of Steel Kettle is in stock.');
    const [order] = requestsTo('POST', '/api/orders');
    expect(await order!.json()).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      shippingAddress: {
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        country: 'India',
      },
      paymentMethod: 'razorpay',
    });
  });

  it('offers the details of the last order', async () => {
    summary.lastDetails = {
      name: 'Asha K Rao',
      email: 'asha.rao@example.com',
      phone: '9123456780',
      shippingAddress: { street: '4 Park Street', city: 'Kolkata', state: 'West Bengal', pinCode: '700016' },
    };
    await openCheckout();
    expect(field('First Name*').value).toBe('Asha');
    expect(field('Last Name').value).toBe('K Rao');
    expect(field('Street Address*').value).toBe('4 Park Street');
    expect(field('Pin Code*').value).toBe('700016');
    expect(field('Phone Number*').value).toBe('9123456780');
    expect(field('Email Address*').value).toBe('asha.rao@example.com');
  });
});
