import type { MailMessage } from '../../lib/mailer/index';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message of a few paragraphs, as text and as simple HTML; a link is a paragraph of its own. */
function mail(
  to: string,
  subject: string,
  paragraphs: (string | { link: string; label: string })[],
  secrets: string[] = [],
): MailMessage {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string' ? `<p>${esc(p)}</p>` : `<p><a href="${esc(p.link)}">${esc(p.label)}</a></p>`,
    )
    .join('');
  return { to, subject, text, html, secrets };
}

const NOT_YOU = 'If this was not you, reset your password at once from the login page, and write to us.';

/** The reset link: a secret, so the outbox never keeps it in production. */
export function resetMail(to: string, name: string, link: string): MailMessage {
  return mail(
    to,
    'Reset your Bazaar password',
    [
      `Hello ${name},`,
      'Someone asked to reset the password of your Bazaar account. To choose a new one, open this link within 30 minutes:',
      { link, label: 'Reset my password' },
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    [link],
  );
}

export function passwordChangedMail(to: string, name: string, how: 'changed' | 'reset'): MailMessage {
  return mail(to, 'Your Bazaar password was changed', [
    `Hello ${name},`,
    how === 'reset'
      ? 'The password of your Bazaar account was just reset with a link we mailed to you. Every device that was signed in has been signed out.'
      : 'The password of your Bazaar account was just changed. Every other device that was signed in has been signed out.',
    NOT_YOU,
  ]);
}

/** Sent to the old address, which may be the owner's only way to learn the account was moved. */
export function emailChangedMail(to: string, name: string, newEmail: string): MailMessage {
  return mail(to, 'Your Bazaar email address was changed', [
    `Hello ${name},`,
    `The email address of your Bazaar account was just changed from ${to} to ${newEmail}. Mail about your account and orders now goes there.`,
    'If this was not you, write to us at once from this address: we will help you get your account back.',
  ]);
}

/** To the owner of an address someone tried to register or move another account to. */
export function addressInUseMail(to: string, publicUrl: string): MailMessage {
  const base = publicUrl.replace(/\/+$/, '');
  return mail(to, 'Someone tried to use your email at Bazaar', [
    'Hello,',
    'Someone just tried to create a Bazaar account, or to move another account, to this email address. It already belongs to your account, so nothing was changed.',
    'If it was you, log in instead, or reset your password if you have forgotten it:',
    { link: `${base}/login`, label: 'Log in to Bazaar' },
    'If it was not you, you can ignore this message.',
  ]);
}
