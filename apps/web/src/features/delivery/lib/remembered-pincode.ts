import { STORAGE_KEYS } from '@bazaar/shared/constants';
import { PINCODE_PATTERN } from '@bazaar/shared/delivery';
import { readValue, writeValue } from '@/lib/browser-value';

const isPincode = (value: unknown): value is string =>
  typeof value === 'string' && PINCODE_PATTERN.test(value);

/** The pincode the shopper last checked, kept in the browser (`deliveryPincode`), or null. */
export function rememberedPincode(): string | null {
  return readValue(STORAGE_KEYS.deliveryPincode, isPincode);
}

export function rememberPincode(pincode: string): void {
  writeValue(STORAGE_KEYS.deliveryPincode, pincode);
}
