import { type CreateOrderInput, INDIAN_STATES, pincodeStates, type ShippingAddress } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { AddressBook } from './checkout-ports';

const byName = new Map(INDIAN_STATES.map((s) => [s.name.toLowerCase(), s.code]));

/**
 * The address an order is delivered to, as the order keeps it: a copy of the book's address (so later
 * edits of the book never change a placed order), or the typed one with its GST state code found from
 * the state's name, else from the pincode when it belongs to one state only.
 */
export async function deliveryAddress(
  db: DbOrTx,
  book: AddressBook,
  userId: string,
  input: CreateOrderInput,
): Promise<ShippingAddress> {
  if (input.addressId !== undefined) {
    const a = await book.find(db, userId, input.addressId);
    if (!a) {
      throw badRequest('That address is no longer in your address book. Choose another one.', {
        addressId: 'Choose another address',
      });
    }
    return {
      street: a.line1,
      apartment: a.line2 ?? undefined,
      building: undefined,
      floor: undefined,
      landmark: a.landmark ?? undefined,
      city: a.city,
      state: a.state,
      stateCode: a.stateCode,
      country: 'India',
      pinCode: a.pincode,
      recipientName: a.name,
      recipientPhone: a.phone,
    };
  }
  const typed = input.shippingAddress!;
  const named = byName.get(typed.state.trim().toLowerCase());
  const fromPincode = pincodeStates(typed.pinCode.trim());
  const stateCode = named ?? (fromPincode.length === 1 ? fromPincode[0] : undefined);
  return { ...typed, ...(stateCode ? { stateCode } : {}) };
}
