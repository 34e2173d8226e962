import type { BillingDetails, CheckoutSummary, CreateOrderBody } from '@bazaar/shared/schemas/orders';

type Billing = Required<{ [K in keyof BillingDetails]: string }>;

/** The form's starting values: the details of the last order, when there was one. */
export function billingDefaults(last: CheckoutSummary['lastDetails'], fallbackEmail: string): Billing {
  const [firstName = '', ...rest] = (last?.name ?? '').split(' ');
  const address = last?.shippingAddress ?? {};
  return {
    firstName,
    lastName: rest.join(' '),
    street: address.street ?? '',
    apartment: address.apartment ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    pinCode: address.pinCode ?? '',
    phone: last?.phone ?? '',
    email: last?.email ?? fallbackEmail,
  };
}

/** The order request the spec names, from the checked form. Items and prices are the server's to decide. */
export function orderBody(
  details: {
    firstName: string;
    lastName?: string | undefined;
    street: string;
    apartment?: string | undefined;
    city: string;
    state: string;
    pinCode: string;
    phone: string;
    email: string;
  },
  addressId: string | null = null,
): CreateOrderBody {
  const buyer = {
    name: [details.firstName, details.lastName].filter(Boolean).join(' '),
    email: details.email,
    phone: details.phone,
    paymentMethod: 'razorpay',
  };
  // A book address is the server's to copy; the typed fields are sent only without one.
  if (addressId) return { ...buyer, addressId };
  return {
    ...buyer,
    shippingAddress: {
      street: details.street,
      apartment: details.apartment,
      city: details.city,
      state: details.state,
      pinCode: details.pinCode,
      country: 'India',
    },
  };
}
