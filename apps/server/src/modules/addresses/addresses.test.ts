import { ADDRESS_LIMITS, type Address } from '@bazaar/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCart, insertProduct, ORDER_BODY, type Shopper, shopper } from '../../../test/fixtures/checkout';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { findOrderById } from '../orders/orders.repo';

const HOME = {
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '14 Church Street',
  line2: 'Flat 3',
  landmark: 'near the metro',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560001',
};
const MUMBAI = {
  ...HOME,
  line1: '7 Marine Drive',
  line2: null,
  landmark: null,
  city: 'Mumbai',
  stateCode: '27',
  pincode: '400020',
};

describe('the address book', () => {
  let t: TestApp;
  let asha: Shopper;
  let ravi: Shopper;
  const inject = (options: InjectOptions) => t.app.inject(options);
  const book = async (s: Shopper) =>
    (
      (await inject({ method: 'GET', url: '/api/users/addresses', headers: s.auth })).json() as {
        addresses: Address[];
      }
    ).addresses;
  const add = (s: Shopper, payload: object) =>
    inject({ method: 'POST', url: '/api/users/addresses', headers: s.auth, payload });

  beforeAll(async () => {
    t = await createTestApp();
    asha = await shopper(t, 'asha@example.com');
    ravi = await shopper(t, 'ravi@example.com');
  });
  afterAll(async () => t.close());

  it('needs a signed-in shopper', async () => {
    expect((await inject({ method: 'GET', url: '/api/users/addresses' })).statusCode).toBe(401);
  });

  it('keeps addresses; the first is the default, a later one marked default takes it over', async () => {
    const first = await add(asha, HOME);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().addresses).toMatchObject([{ ...HOME, state: 'Karnataka', isDefault: true }]);
    const second = await add(asha, { ...MUMBAI, isDefault: true });
    expect(second.json().addresses.map((a: Address) => [a.city, a.isDefault])).toEqual([
      ['Mumbai', true],
      ['Bengaluru', false],
    ]);
    expect(await book(ravi)).toEqual([]);
  });

  it('refuses a pincode of the wrong form or of another state, with the message on the pincode', async () => {
    const wrongState = await add(asha, { ...HOME, stateCode: '32' });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().fields).toEqual({ pincode: 'Pincode 560001 is in Karnataka, not Kerala' });
    const form = await add(asha, { ...HOME, pincode: '056000' });
    expect(form.statusCode).toBe(400);
    expect(form.json().fields.pincode).toBe('Enter a 6-digit pincode that does not start with 0');
    const state = await add(asha, { ...HOME, stateCode: '99' });
    expect(state.statusCode).toBe(400);
    expect(state.json().fields.stateCode).toMatch(/Choose the state/);
  });

  it("edits, makes default and deletes only the shopper's own addresses", async () => {
    const [mumbai, home] = await book(asha);
    const theirs = await inject({
      method: 'PUT',
      url: `/api/users/addresses/${home!._id}`,
      headers: ravi.auth,
      payload: HOME,
    });
    expect(theirs.statusCode).toBe(404);
    const edited = await inject({
      method: 'PUT',
      url: `/api/users/addresses/${home!._id}`,
      headers: asha.auth,
      payload: { ...HOME, line2: 'Flat 9' },
    });
    expect(edited.json().addresses[1].line2).toBe('Flat 9');
    const made = await inject({
      method: 'POST',
      url: `/api/users/addresses/${home!._id}/default`,
      headers: asha.auth,
    });
    expect(made.json().addresses.map((a: Address) => a.city)).toEqual(['Bengaluru', 'Mumbai']);
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/users/addresses/${home!._id}`,
      headers: asha.auth,
    });
    // The default went: the one left becomes it.
    expect(deleted.json().addresses).toMatchObject([{ _id: mumbai!._id, isDefault: true }]);
    expect(
      (await inject({ method: 'DELETE', url: '/api/users/addresses/nope', headers: asha.auth })).statusCode,
    ).toBe(404);
  });

  it(`holds at most ${ADDRESS_LIMITS.perAccount} addresses, even when added at once`, async () => {
    const results = await Promise.all(
      Array.from({ length: ADDRESS_LIMITS.perAccount + 3 }, () => add(ravi, HOME)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(ADDRESS_LIMITS.perAccount);
    expect(results.filter((r) => r.statusCode === 409)[0]!.json().message).toMatch(/address book is full/);
    const all = await book(ravi);
    expect(all.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('an order placed to a book address keeps a copy: editing or deleting the address later changes nothing', async () => {
    const lamp = await insertProduct(t.db, { name: 'Lamp', pricePaise: 100_000, countInStock: 5 });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const [mumbai] = await book(asha);
    const { shippingAddress: _typed, ...body } = ORDER_BODY;
    const placed = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...body, email: asha.email, addressId: mumbai!._id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await inject({ method: 'DELETE', url: `/api/users/addresses/${mumbai!._id}`, headers: asha.auth });
    const order = await findOrderById(t.db, placed.json().orderId);
    expect(order!.shippingAddress).toEqual({
      street: '7 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      stateCode: '27',
      country: 'India',
      pinCode: '400020',
      recipientName: 'Asha Rao',
      recipientPhone: '9876543210',
    });
  });

  it("refuses an order to an address that is not in the shopper's book", async () => {
    const [theirs] = await book(ravi);
    const { shippingAddress: _typed, ...body } = ORDER_BODY;
    const res = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...body, email: asha.email, addressId: theirs!._id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no longer in your address book/);
    const none = await inject({ method: 'POST', url: '/api/orders', headers: asha.auth, payload: body });
    expect(none.statusCode).toBe(400);
  });
});
