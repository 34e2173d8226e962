import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer/index';
import type { PasswordHasher } from '../../lib/password';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { passwordChangedMail, resetMail } from './account-mail';
import type { AttemptLimiter } from './attempt-limiter';
import type { PasswordPolicy } from './password-policy';
import type { SessionsService } from './sessions.service';
import {
  consumeResetToken,
  deleteUnusedResetTokens,
  findLiveResetToken,
  findUserByEmail,
  findUserById,
  insertResetToken,
  updateUser,
} from './users.repo';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password/${token}`;
}

export interface PasswordResetServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  background: Background;
  passwords: PasswordHasher;
  passwordPolicy: PasswordPolicy;
  attempts: AttemptLimiter;
  sessions: SessionsService;
}

/** Forgotten passwords: a single-use link by mail, then a new password. */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetServiceDeps) {}

  /**
   * Counts the request, then leaves the rest (is there an account? a new link, the mail) to
   * background work: the reply, and how long it takes, are the same whether or not an account exists.
   */
  async requestReset(email: string, ip: string): Promise<void> {
    await this.deps.attempts.count([
      { key: `forgot:ip:${ip}`, policy: (l) => l.forgotPasswordPerAddress },
      { key: `forgot:email:${email}`, policy: (l) => l.forgotPasswordPerAccount },
    ]);
    this.deps.background.run('password reset link', () => this.sendResetLink(email));
  }

  /** Mails a new reset link when the email has an account (only the newest link works). */
  async sendResetLink(email: string): Promise<void> {
    const { db, clock } = this.deps;
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const { token, hash } = newOpaqueToken();
    await inTransaction(db, async (tx) => {
      await deleteUnusedResetTokens(tx, user.id);
      await insertResetToken(tx, {
        userId: user.id,
        tokenHash: hash,
        expiresAt: new Date(clock.now().getTime() + RESET_TTL_MS),
      });
    });
    await this.deps.mailer.send(
      resetMail(user.email, user.name, resetLink(this.deps.config.publicUrl, token)),
    );
  }

  /**
   * Sets a new password with a live link, spends the link, signs out every session and mails the
   * account's address.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const { db, clock, passwords, attempts, sessions } = this.deps;
    const tokenHash = hashOpaqueToken(token);
    // A cheap look first, so guessing links never costs the server a password hash.
    const userId = await findLiveResetToken(db, tokenHash, clock.now());
    const owner = userId ? await findUserById(db, userId) : undefined;
    if (!owner) throw badRequest(RESET_LINK_INVALID);
    await this.deps.passwordPolicy.assertAcceptable(password, 'password', [owner.email, owner.name]);
    const passwordHash = await passwords.hash(password);
    // Spending the link, setting the password and ending the sessions happen together or not at all.
    const updated = await inTransaction(db, async (tx) => {
      const spentBy = await consumeResetToken(tx, tokenHash, clock.now());
      if (!spentBy) return undefined;
      await sessions.endAll(spentBy, tx);
      return updateUser(tx, spentBy, { passwordHash });
    });
    if (!updated) throw badRequest(RESET_LINK_INVALID);
    // Whoever proved the address may sign in again at once, wherever they are.
    await attempts.clear(`login:email:${updated.email}`);
    this.deps.mailer.sendInBackground(passwordChangedMail(updated.email, updated.name, 'reset'));
  }
}
