import { STORAGE_KEYS } from '@bazaar/shared/constants';
import { DELIVERY_MESSAGES, PINCODE_PATTERN } from '@bazaar/shared/delivery';
import { type DeliveryCheck, deliveryCheckReplySchema } from '@bazaar/shared/schemas/delivery';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, refuse, reply, requestsTo } from '@/testing/api-server';
import { renderRoutes } from '@/testing/render';
import { CheckDelivery } from './check-delivery';

/** The shop's delivery map as this test's server knows it: Mumbai's 400xxx, nothing else. */
function answerFor(pincode: string): DeliveryCheck {
  if (pincode.startsWith('400')) {
    return {
      pincode,
      deliverable: true,
      fee: 40,
      freeAbove: 499,
      cod: true,
      earliest: '2026-12-03',
      deliverBy: '2026-12-04',
      message: 'Delivers by Fri, 4 Dec',
    };
  }
  return { pincode, deliverable: false, message: DELIVERY_MESSAGES.notDeliverable };
}

beforeEach(() => {
  api.use(
    http.get('/api/delivery/check', ({ request }) => {
      const pincode = new URL(request.url).searchParams.get('pincode') ?? '';
      if (!PINCODE_PATTERN.test(pincode)) {
        return refuse('VALIDATION', `Invalid pincode: ${DELIVERY_MESSAGES.invalidPincode}`, {
          pincode: DELIVERY_MESSAGES.invalidPincode,
        });
      }
      return reply(deliveryCheckReplySchema, answerFor(pincode));
    }),
  );
});

function open(amountPaise?: number) {
  const view = renderRoutes([{ path: '/', element: <CheckDelivery amountPaise={amountPaise} /> }]);
  const box = () => screen.getByLabelText('Delivery pincode') as HTMLInputElement;
  const check = async (pincode: string) => {
    await view.user.clear(box());
    await view.user.type(box(), pincode);
    await view.user.click(screen.getByRole('button', { name: 'Check' }));
  };
  // The answer is the live region the input is described by.
  const answer = () => document.getElementById(box().getAttribute('aria-describedby')!)!;
  return { ...view, box, check, answer };
}

describe('Check delivery', () => {
  it('is a labelled form whose answer is read out when it changes, in room kept for it', () => {
    const { box, answer } = open();
    expect(screen.getByRole('region', { name: 'Check delivery' })).toBeTruthy();
    expect(box().getAttribute('inputmode')).toBe('numeric');
    expect(answer().getAttribute('aria-live')).toBe('polite');
    expect(answer().className).toMatch(/min-h-/);
    expect(answer().textContent).toBe('');
  });

  it('says when and for how much a served pincode gets it, and remembers the pincode', async () => {
    const { check, answer } = open(30_000);
    await check('400001');
    await waitFor(() => expect(answer().textContent).toContain('Delivers by Fri, 4 Dec'));
    expect(answer().textContent).toContain(
      'Delivery ₹40, free on orders of ₹499 or more · Cash on delivery available',
    );
    expect(localStorage.getItem(STORAGE_KEYS.deliveryPincode)).toBe('"400001"');
    expect(requestsTo('GET', '/api/delivery/check').map((r) => new URL(r.url).search)).toEqual([
      '?pincode=400001',
    ]);
  });

  it('says delivery is free when the order reaches the zone’s threshold', async () => {
    const { check, answer } = open(50_000);
    await check('400050');
    await waitFor(() => expect(answer().textContent).toContain('Free delivery · Cash on delivery available'));
  });

  it('says the shop does not deliver to a pincode no zone serves', async () => {
    const { check, answer } = open();
    await check('799001');
    await waitFor(() => expect(answer().textContent).toBe('Does not deliver to this pincode'));
  });

  it('refuses what is not a pincode before asking the shop', async () => {
    const { check, answer, box, user } = open();
    await check('40001');
    expect(answer().textContent).toBe(DELIVERY_MESSAGES.invalidPincode);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    // Only digits go in, six at most.
    await user.clear(box());
    await user.type(box(), '4a0b0001234');
    expect(box().value).toBe('400001');
    await check('012345');
    expect(answer().textContent).toBe(DELIVERY_MESSAGES.invalidPincode);
    expect(requestsTo('GET', '/api/delivery/check')).toEqual([]);
  });

  it('checks the remembered pincode again when it shows on the next page', async () => {
    localStorage.setItem(STORAGE_KEYS.deliveryPincode, JSON.stringify('400021'));
    const { box, answer } = open(10_000);
    await waitFor(() => expect(answer().textContent).toContain('Delivers by Fri, 4 Dec'));
    expect(box().value).toBe('400021');
  });

  it('ignores something else kept under the key (an older version, a hand edit)', async () => {
    localStorage.setItem(STORAGE_KEYS.deliveryPincode, JSON.stringify('not-a-pincode'));
    const { box, answer } = open();
    expect(box().value).toBe('');
    expect(answer().textContent).toBe('');
    expect(requestsTo('GET', '/api/delivery/check')).toEqual([]);
  });

  it('says so when the shop cannot be asked', async () => {
    api.use(http.get('/api/delivery/check', () => refuse('UNAVAILABLE', 'The shop is briefly unavailable.')));
    const { check, answer } = open();
    await check('400001');
    await waitFor(() => expect(answer().textContent).toBe('The shop is briefly unavailable.'));
  });
});
