// The shop's API as the after-sale journeys drive it to set an order up (the browser does the rest).

export const SHOPPER_PASSWORD = 'sunrise42';

/** One JSON call to the shop's API; a refusal throws with its status and body. */
export async function call<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A new shopper (password `SHOPPER_PASSWORD`) and their paid order of `quantity` units of one product,
 * placed and paid in the sandbox as their phone would.
 */
export async function paidOrder(
  baseUrl: string,
  email: string,
  quantity = 2,
): Promise<{ orderId: string; orderNumber: string; product: string }> {
  const { token } = await call<{ token: string }>(baseUrl, '/users/register', {
    method: 'POST',
    body: { name: 'Kavya Iyer', email, password: SHOPPER_PASSWORD, phoneNumber: '9876500011' },
  });
  const list = await call<{ products: { _id: string; name: string; countInStock: number }[] }>(
    baseUrl,
    '/products?limit=50',
  );
  const product = list.products.find((p) => p.countInStock >= quantity + 3)!;
  await call(baseUrl, '/cart/add', { method: 'POST', token, body: { productId: product._id, quantity } });
  const placed = await call<{ orderId: string; orderNumber: string; razorpayOrderId: string }>(
    baseUrl,
    '/orders',
    {
      method: 'POST',
      token,
      body: {
        name: 'Kavya Iyer',
        email,
        phone: '9876500011',
        shippingAddress: {
          street: '4 Residency Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          country: 'India',
          pinCode: '560025',
        },
      },
    },
  );
  const paid = await call<{
    razorpay_payment_id: string;
    razorpay_signature: string;
    razorpay_order_id: string;
  }>(baseUrl, '/payments/sandbox/pay', {
    method: 'POST',
    body: { orderId: placed.razorpayOrderId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
  });
  await call(baseUrl, '/orders/verify', {
    method: 'POST',
    token,
    body: {
      orderId: placed.orderId,
      paymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      razorpayOrderId: paid.razorpay_order_id,
    },
  });
  return { orderId: placed.orderId, orderNumber: placed.orderNumber, product: product.name };
}
