import { describe, expect, it } from 'vitest';
import { billingDefaults, orderBody } from './billing';

describe('the billing form and the order request', () => {
  it('starts from the last order’s details, or from the account’s email', () => {
    expect(billingDefaults(null, 'asha@example.com')).toMatchObject({
      firstName: '',
      email: 'asha@example.com',
    });
    const last = {
      name: 'Asha Devi Rao',
      email: 'orders@example.com',
      phone: '9876543210',
      shippingAddress: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
    };
    expect(billingDefaults(last, 'asha@example.com')).toEqual({
      firstName: 'Asha',
      lastName: 'Devi Rao',
      street: '12 MG Road',
      apartment: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      phone: '9876543210',
      email: 'orders@example.com',
    });
  });

  it('sends the spec’s fields and no items or prices: the server prices the cart', () => {
    const body = orderBody({
      firstName: 'Asha',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      phone: '9876543210',
      email: 'asha@example.com',
    });
    expect(body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      shippingAddress: {
        street: '12 MG Road',
        apartment: undefined,
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        country: 'India',
      },
      paymentMethod: 'razorpay',
    });
  });
});
