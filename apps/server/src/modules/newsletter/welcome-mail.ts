import type { MailMessage } from '../../lib/mailer/index';

export interface WelcomeMail {
  to: string;
  shopName: string;
  /** The welcome code, or null when a returning subscriber has already used or outlived theirs. */
  coupon: { code: string; discount: number; expiresAt: Date | null } | null;
  /** The storefront page that asks before unsubscribing (for people). */
  unsubscribePage: string;
  /** The API address mail clients POST to (RFC 8058 one-click). */
  oneClickUrl: string;
  returning: boolean;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/**
 * The newsletter's welcome: the first-purchase code and how to leave. The
 * List-Unsubscribe headers let mail clients offer their own one-click button.
 */
export function welcomeMail(mail: WelcomeMail): MailMessage {
  const { coupon, shopName } = mail;
  const greeting = mail.returning
    ? `Welcome back to the ${shopName} newsletter.`
    : `Thank you for subscribing to the ${shopName} newsletter.`;
  const until = coupon?.expiresAt ? ` until ${day.format(coupon.expiresAt)}` : '';
  const offer = coupon
    ? `Here is ${coupon.discount}% off your first purchase: use the code ${coupon.code} in your cart. It works for one order${until}.`
    : 'You will hear from us about new arrivals, offers and sales.';
  const leave = 'Not for you? Unsubscribe at any time:';
  const text = [greeting, '', offer, '', leave, mail.unsubscribePage].join('\n');
  const html = [
    `<p>${esc(greeting)}</p>`,
    coupon
      ? `<p>Here is ${coupon.discount}% off your first purchase: use the code <strong>${esc(coupon.code)}</strong> in your cart. It works for one order${esc(until)}.</p>`
      : `<p>${esc(offer)}</p>`,
    `<p>${esc(leave)} <a href="${esc(mail.unsubscribePage)}">unsubscribe</a>.</p>`,
  ].join('');
  return {
    to: mail.to,
    subject: coupon
      ? `Welcome to ${shopName}: ${coupon.discount}% off your first order`
      : `Welcome to ${shopName}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${mail.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
