import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../constants';
import { billingDetailsSchema, createOrderBodySchema } from './orders';

const FORM = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12 MG Road',
  apartment: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
  email: 'Asha@Example.com',
};

const messages = (input: unknown) => {
  const result = billingDetailsSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the billing details form', () => {
  it('accepts a complete form, trimming it and lower-casing the email', () => {
    expect(billingDetailsSchema.parse({ ...FORM, street: '  12 MG Road ' })).toMatchObject({
      street: '12 MG Road',
      apartment: undefined,
      email: 'asha@example.com',
    });
  });

  it("answers with the spec's messages", () => {
    expect(messages({ ...FORM, firstName: ' ', email: '', phone: '' })).toEqual({
      firstName: CHECKOUT_MESSAGES.requiredFields,
      email: CHECKOUT_MESSAGES.requiredFields,
      phone: CHECKOUT_MESSAGES.requiredFields,
    });
    expect(messages({ ...FORM, email: 'asha@' }).email).toBe(CHECKOUT_MESSAGES.invalidEmail);
    expect(messages({ ...FORM, phone: '98765-4321' }).phone).toBe(CHECKOUT_MESSAGES.phoneDigits);
    expect(messages({ ...FORM, phone: '98765' }).phone).toBe(CHECKOUT_MESSAGES.phoneLength);
    expect(messages({ ...FORM, firstName: 'a'.repeat(51) }).firstName).toBe(
      'First name must be at most 50 characters',
    );
    expect(messages({ ...FORM, pinCode: '1'.repeat(21) }).pinCode).toBe(
      'Pin code must be at most 20 characters',
    );
    expect(messages({ ...FORM, city: 'Bengaluru\u0000' }).city).toBe('Must not contain control characters');
  });
});

describe('the order request', () => {
  const body = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    shippingAddress: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
  };

  it("takes the spec's fields, the ignored ones included, and refuses others", () => {
    expect(
      createOrderBodySchema.parse({ ...body, isPaid: true, orderItems: [{ price: 1 }], cartId: 'c' }),
    ).toMatchObject({
      shippingAddress: { country: 'India' },
    });
    expect(createOrderBodySchema.safeParse({ ...body, status: 'Delivered' }).success).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...body, shippingAddress: { ...body.shippingAddress, street: '' } })
        .success,
    ).toBe(false);
  });
});
