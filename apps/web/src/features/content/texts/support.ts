/**
 * How shoppers reach support, as the footer shows it today. Both should read
 * the shop settings (email, phone, address) once their public read exists.
 */
export const SUPPORT = {
  email: 'support@bazaar.example',
  phone: '+91 80 4000 1234',
  hours: 'Our support team is here 24 hours a day, 7 days a week.',
} as const;

export const SUPPORT_MAILTO = `mailto:${SUPPORT.email}`;
export const SUPPORT_TEL = `tel:${SUPPORT.phone.replace(/\s/g, '')}`;
