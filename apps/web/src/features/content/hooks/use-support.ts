import { SOCIAL_NETWORKS, type SocialLinkField } from '@bazaar/shared/constants';
import { telHref, useShopSettings } from '@/lib/shop-settings';
import { SUPPORT } from '../texts/support';

/** One way to reach the shop: as shown, and its tel: or mailto: link. */
export interface ContactLine {
  text: string;
  href: string;
}

/** A social link the shop set: the network's name and its https address. */
export interface SocialLink {
  network: string;
  url: string;
}

/**
 * How shoppers reach support: the shop settings' emails, phones, address and social links, the built-in
 * email, phone and address until they load or when unset (a second line or a link shows only when set).
 */
export function useSupport() {
  const settings = useShopSettings();
  const email = settings?.email ?? SUPPORT.email;
  const phone = settings?.phone ?? SUPPORT.phone;
  const address = settings?.address ?? SUPPORT.address;
  const emails: ContactLine[] = [email, settings?.secondEmail]
    .filter((e): e is string => !!e)
    .map((e) => ({ text: e, href: `mailto:${e}` }));
  const phones: ContactLine[] = [phone, settings?.secondPhone]
    .filter((p): p is string => !!p)
    .map((p) => ({ text: p, href: telHref(p) }));
  const social: SocialLink[] = (Object.keys(SOCIAL_NETWORKS) as SocialLinkField[]).flatMap((field) => {
    const url = settings?.[field];
    return url ? [{ network: SOCIAL_NETWORKS[field].label, url }] : [];
  });
  return {
    shopName: settings?.name ?? 'Bazaar',
    email,
    phone,
    address,
    emails,
    phones,
    social,
    hours: SUPPORT.hours,
    mailto: `mailto:${email}`,
    tel: telHref(phone),
  };
}
