import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mailer/index';
import type { PasswordHasher } from '../../lib/password';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import type { AttemptLimiter } from './attempt-limiter';
import {
  consumeResetToken,
  deleteUnusedResetTokens,
  findUserByEmail,
  insertResetToken,
  isLiveResetToken,
  updateUser,
} from './users.repo';

export const RESET_TTL_MS = 30 * 60 * 1000;
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

export interface PasswordResetServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  passwords: PasswordHasher;
  attempts: AttemptLimiter;
}

/** Forgotten passwords: a single-use link by mail, then a new password. */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetServiceDeps) {}

  /**
   * Mails a reset link when the email has an account. The caller answers the
   * same either way, and the mail goes out in the background, so neither the
   * reply nor its timing tells whether an account exists.
   */
  async requestReset(email: string, ip: string): Promise<void> {
    const { db, clock, attempts } = this.deps;
    await attempts.count([
      { key: `forgot:ip:${ip}`, max: (l) => l.forgotPasswordPerIp },
      { key: `forgot:email:${email}`, max: (l) => l.forgotPasswordPerAccount },
    ]);
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const { token, hash } = newOpaqueToken();
    await inTransaction(db, async (tx) => {
      // Only the newest link works: asking again retires the earlier ones.
      await deleteUnusedResetTokens(tx, user.id);
      await insertResetToken(tx, {
        userId: user.id,
        tokenHash: hash,
        expiresAt: new Date(clock.now().getTime() + RESET_TTL_MS),
      });
    });
    this.deps.mailer.sendInBackground(
      resetMail(user.email, user.name, resetLink(this.deps.config.publicUrl, token)),
    );
  }

  /** Sets a new password with a live link, spends the link and signs out every session. */
  async resetPassword(token: string, password: string): Promise<void> {
    const { db, clock, passwords, attempts } = this.deps;
    const tokenHash = hashOpaqueToken(token);
    // A cheap look first, so guessing links never costs the server a password hash.
    if (!(await isLiveResetToken(db, tokenHash, clock.now()))) throw badRequest(RESET_LINK_INVALID);
    const passwordHash = await passwords.hash(password);
    // Spending the link and setting the password happen together or not at all.
    const updated = await inTransaction(db, async (tx) => {
      const userId = await consumeResetToken(tx, tokenHash, clock.now());
      if (!userId) return undefined;
      return updateUser(tx, userId, { passwordHash }, { bumpTokenVersion: true });
    });
    if (!updated) throw badRequest(RESET_LINK_INVALID);
    await attempts.clear(`login:email:${updated.email}`);
  }
}
