import { type CreateOrderInput, createOrderBodySchema } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { findLastDelivery } from './orders.repo';

/** What of an account checkout can use when the request sends no billing details. */
export interface CheckoutAccount {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
}

/**
 * The billing details of a checkout that sends none (POST /cart/checkout): those of the account's last
 * order, the name, address and phone it was delivered to, as the checkout page offers them again; with
 * no order yet, the profile's name, email and phone. Checked by the same rule as POST /orders; what is
 * missing or unusable is a 400 that names it and says where to give it.
 */
export async function savedCheckoutDetails(db: DbOrTx, account: CheckoutAccount): Promise<CreateOrderInput> {
  const last = await findLastDelivery(db, account.id);
  const candidate = {
    name: last?.name ?? account.name,
    email: last?.email ?? account.email,
    phone: last?.phone ?? account.phoneNumber ?? '',
    ...(last ? { shippingAddress: { ...last.shippingAddress } } : {}),
  };
  const parsed = createOrderBodySchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  const wanted: string[] = [];
  if (!last) {
    fields.shippingAddress = 'No delivery address yet: your orders give one.';
    wanted.push('a delivery address');
  }
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (field === 'phone' && !fields.phone) {
      fields.phone = candidate.phone ? 'Your phone number must be 10 digits.' : 'No phone number yet.';
      wanted.push('a 10-digit phone number');
    } else if (typeof field === 'string' && field !== 'shippingAddress' && !fields[field]) {
      fields[field] = issue.message;
      wanted.push(`your ${field}`);
    }
  }
  throw badRequest(
    `Checking out the cart needs ${wanted.join(' and ')}, and your account has none to use. Place the order from the checkout page (/cart/checkout), which asks for ${wanted.length > 1 ? 'them' : 'it'}.`,
    fields,
  );
}
