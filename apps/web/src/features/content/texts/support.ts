/**
 * How shoppers reach support when the shop settings leave email, phone or
 * address empty (and while they load): see hooks/use-support.ts.
 */
export const SUPPORT = {
  email: 'support@bazaar.example',
  phone: '+91 80 4000 1234',
  address: '12 MG Road, Bengaluru, Karnataka 560001, India',
  hours: 'Our support team is here 24 hours a day, 7 days a week.',
} as const;

export const SUPPORT_MAILTO = `mailto:${SUPPORT.email}`;
export const SUPPORT_TEL = `tel:${SUPPORT.phone.replace(/\s/g, '')}`;
