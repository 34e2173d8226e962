import { badRequest } from '../../lib/errors';
import type { MailMessage } from '../../lib/mailer/mailer';
import { hashPassword } from '../../lib/password';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { rule } from './auth-limits';
import { consumeResetToken, findUserByEmail, insertResetToken, updateUser } from './users.repo';
import { limitAttempts, type UsersDeps } from './users.service';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const FORGOT_PASSWORD_REPLY =
  'If an account exists for this email, we have sent a link to reset its password.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password/${token}`;
}

function resetMail(to: string, name: string, link: string): MailMessage {
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your Bazaar account. To choose a new one, open this link within 30 minutes:',
    '',
    link,
    '',
    'If it was not you, ignore this message: your password stays as it is.',
  ].join('\n');
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hello ${esc(name)},</p><p>Someone asked to reset the password of your Bazaar account. To choose a new one, open this link within 30 minutes:</p><p><a href="${esc(link)}">Reset my password</a></p><p>If it was not you, ignore this message: your password stays as it is.</p>`;
  return { to, subject: 'Reset your Bazaar password', text, html };
}

/** Same outcome for known and unknown emails; the mail itself is sent in the background. */
export async function requestPasswordReset(
  deps: UsersDeps & { publicUrl: string; sendMail: (m: MailMessage) => void },
  email: string,
  ip: string,
): Promise<string> {
  await limitAttempts(deps.attempts, [
    { key: `forgot:ip:${ip}`, rule: rule(deps.limits, deps.limits.forgotPasswordPerIp) },
    { key: `forgot:email:${email}`, rule: rule(deps.limits, deps.limits.forgotPasswordPerAccount) },
  ]);
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const { token, hash } = newOpaqueToken();
    await insertResetToken(deps.db, {
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    deps.sendMail(resetMail(user.email, user.name, resetLink(deps.publicUrl, token)));
  }
  return FORGOT_PASSWORD_REPLY;
}

export async function resetPassword(deps: UsersDeps, token: string, password: string): Promise<string> {
  // The link is spent before the costly hash, so guessing links costs the server nothing.
  const userId = await consumeResetToken(deps.db, hashOpaqueToken(token));
  if (!userId) throw badRequest(RESET_LINK_INVALID);
  const updated = await updateUser(
    deps.db,
    userId,
    { passwordHash: await hashPassword(password) },
    { bumpTokenVersion: true },
  );
  if (!updated) throw badRequest(RESET_LINK_INVALID);
  await deps.attempts.clear(`login:email:${updated.email}`);
  return 'Your password has been reset. You can now log in with the new one.';
}
