import { telHref, useShopSettings } from '@/lib/shop-settings';
import { SUPPORT } from '../texts/support';

/** How shoppers reach support: the shop settings' email, phone and address, the built-in ones until they load or when unset. */
export function useSupport() {
  const settings = useShopSettings();
  const email = settings?.email ?? SUPPORT.email;
  const phone = settings?.phone ?? SUPPORT.phone;
  const address = settings?.address ?? SUPPORT.address;
  return { email, phone, address, hours: SUPPORT.hours, mailto: `mailto:${email}`, tel: telHref(phone) };
}
