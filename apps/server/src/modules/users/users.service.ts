import { type profileUpdateFieldsSchema, toAccountName } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import type { FileStorage } from '../../lib/storage';
import { signSessionToken, verifySessionToken } from '../../lib/tokens';
import type { AttemptLimiter } from './attempt-limiter';
import { avatarKey, isStoredKey, toAvatarWebp } from './profile-image';
import {
  emailTakenByOther,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  type UserRow,
  updateUser,
} from './users.repo';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const BAD_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const SESSION_MESSAGES = {
  missing: 'Please log in to continue.',
  invalid: 'Your session is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
} as const;

/** The signed-in user as the database says now, not as the token claimed when issued. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** An email and profile an identity provider has verified. */
export interface VerifiedIdentity {
  email: string;
  name: string | undefined;
  picture: string | undefined;
}

export type ProfileChanges = z.output<typeof profileUpdateFieldsSchema>;

export interface UsersServiceDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret'>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  passwords: PasswordHasher;
  attempts: AttemptLimiter;
}

/** Accounts and sessions: registration, sign-in, the session check, profile and password changes. */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  async register(body: {
    name: string;
    email: string;
    password: string;
    phoneNumber: string;
  }): Promise<{ user: UserRow; token: string }> {
    const { db, passwords } = this.deps;
    if (await findUserByEmail(db, body.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const passwordHash = await passwords.hash(body.password);
    let user: UserRow;
    try {
      // Listed field by field: nothing else from the body (isAdmin, say) can reach the row.
      user = await insertUser(db, {
        name: body.name,
        email: body.email,
        phoneNumber: body.phoneNumber,
        passwordHash,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      throw error;
    }
    return { user, token: await this.sessionFor(user) };
  }

  async login(
    body: { email: string; password: string },
    ip: string,
  ): Promise<{ user: UserRow; token: string }> {
    const { db, passwords, attempts } = this.deps;
    const ipKey = `login:ip:${ip}`;
    const accountKey = `login:email:${body.email}`;
    await attempts.count([
      { key: ipKey, max: (l) => l.loginFailuresPerIp },
      { key: accountKey, max: (l) => l.loginFailuresPerAccount },
    ]);
    const user = await findUserByEmail(db, body.email);
    // Unknown emails and accounts without a password cost the same hash, so timing tells nothing.
    const ok = await passwords.verify(body.password, user?.passwordHash ?? (await passwords.dummyHash()));
    if (!ok || !user?.passwordHash) throw unauthorized(BAD_CREDENTIALS);
    await attempts.undo(ipKey);
    await attempts.clear(accountKey);
    // A hash made at an older cost is replaced while the password is at hand.
    if (passwords.needsRehash(user.passwordHash)) {
      await updateUser(db, user.id, { passwordHash: await passwords.hash(body.password) });
    }
    return { user, token: await this.sessionFor(user) };
  }

  /** The user a session token belongs to now; 401 with a message saying what is wrong otherwise. */
  async authenticate(token: string | undefined): Promise<AuthUser> {
    if (!token) throw unauthorized(SESSION_MESSAGES.missing);
    const verified = await verifySessionToken(token, this.deps.config.jwtSecret);
    if (!verified.ok) throw unauthorized(SESSION_MESSAGES[verified.problem]);
    const row = await findUserById(this.deps.db, verified.claims.userId);
    // A deleted account, or a token minted before the last password change or reset.
    if (!row || row.tokenVersion !== verified.claims.tokenVersion) {
      throw unauthorized(SESSION_MESSAGES.invalid);
    }
    return { id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin };
  }

  /** A new session token for the user (their current token version). */
  sessionFor(user: UserRow): Promise<string> {
    return signSessionToken({ userId: user.id, tokenVersion: user.tokenVersion }, this.deps.config.jwtSecret);
  }

  async get(id: string): Promise<UserRow> {
    const user = await findUserById(this.deps.db, id);
    if (!user) throw notFound('This account no longer exists');
    return user;
  }

  /** A user edits only their own account here; admins act through the admin API. */
  assertCanEdit(actorId: string, userId: string): void {
    if (actorId !== userId) throw forbidden('You can only update your own profile');
  }

  /**
   * Applies a profile form. A new password returns a fresh token (older ones
   * stop working); a new picture is stored first and removed again if the
   * update fails, and the old picture is removed only once the update committed.
   */
  async updateProfile(
    actorId: string,
    userId: string,
    fields: ProfileChanges,
    image: Buffer | undefined,
  ): Promise<{ user: UserRow; token?: string }> {
    this.assertCanEdit(actorId, userId);
    const { db, storage, passwords, log } = this.deps;
    const current = await this.get(userId);
    const changes: Parameters<typeof updateUser>[2] = {};
    if (fields.name !== undefined) changes.name = fields.name;
    if (fields.phoneNumber !== undefined) changes.phoneNumber = fields.phoneNumber || null;
    if (fields.email !== undefined && fields.email !== current.email) {
      if (await emailTakenByOther(db, fields.email, userId)) {
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      }
      // The email is where reset links go: whoever holds only a stolen token must not be able to move it.
      await this.checkCurrentPassword(
        current,
        fields.currentPassword,
        'Enter your current password to change your email',
      );
      changes.email = fields.email;
    }
    const passwordChanged = fields.password !== undefined;
    if (fields.password !== undefined) {
      await this.checkCurrentPassword(current, fields.currentPassword);
      changes.passwordHash = await passwords.hash(fields.password);
    }
    const webp = image ? await toAvatarWebp(image) : undefined;

    let updated: UserRow | undefined;
    try {
      updated = await inTransaction(db, async (tx, unit) => {
        if (webp) {
          const newKey = avatarKey(userId);
          await storage.put(newKey, webp);
          unit.onRollback(() => storage.remove(newKey));
          changes.profileImage = newKey;
          if (isStoredKey(current.profileImage)) {
            const oldKey = current.profileImage;
            unit.afterCommit(() =>
              storage
                .remove(oldKey)
                .catch((err) => log.warn({ err, key: oldKey }, 'old profile image not removed')),
            );
          }
        }
        return updateUser(tx, userId, changes, { bumpTokenVersion: passwordChanged });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      throw error;
    }
    if (!updated) throw notFound('This account no longer exists');
    return passwordChanged ? { user: updated, token: await this.sessionFor(updated) } : { user: updated };
  }

  async changePassword(
    userId: string,
    body: { currentPassword: string; newPassword: string },
  ): Promise<{ token: string }> {
    const user = await this.get(userId);
    if (!user.passwordHash) {
      throw badRequest('This account signs in with Google and has no password yet; set one in your profile', {
        currentPassword: 'This account has no password yet',
      });
    }
    await this.checkCurrentPassword(user, body.currentPassword);
    const updated = await updateUser(
      this.deps.db,
      userId,
      { passwordHash: await this.deps.passwords.hash(body.newPassword) },
      { bumpTokenVersion: true },
    );
    if (!updated) throw notFound('This account no longer exists');
    return { token: await this.sessionFor(updated) };
  }

  /**
   * Finds the account with this verified email or creates one without a password.
   * The provider vouches for the address, so an existing account is signed into.
   */
  async findOrCreateFromIdentity(identity: VerifiedIdentity): Promise<UserRow> {
    const { db } = this.deps;
    const existing = await findUserByEmail(db, identity.email);
    if (existing) {
      if (!existing.profileImage && identity.picture) {
        return (await updateUser(db, existing.id, { profileImage: identity.picture })) ?? existing;
      }
      return existing;
    }
    const name = toAccountName(identity.name) ?? toAccountName(identity.email.split('@')[0]) ?? 'Shopper';
    try {
      return await insertUser(db, {
        name,
        email: identity.email,
        passwordHash: null,
        profileImage: identity.picture ?? null,
      });
    } catch (error) {
      // Two sign-ins racing for one new email: the other one created it.
      const raced = isUniqueViolation(error) ? await findUserByEmail(db, identity.email) : undefined;
      if (raced) return raced;
      throw error;
    }
  }

  private async checkCurrentPassword(
    user: UserRow,
    current: string | undefined,
    missingMessage = 'Enter your current password to set a new one',
  ): Promise<void> {
    // An account made through the identity provider has no password yet and may set one.
    if (!user.passwordHash) return;
    if (!current) {
      throw badRequest(missingMessage, { currentPassword: 'Current password is required' });
    }
    const key = `password-change:user:${user.id}`;
    await this.deps.attempts.count([{ key, max: (l) => l.passwordChangeFailuresPerUser }]);
    // 400, not 401: the web client treats every 401 as an expired session and signs out.
    if (!(await this.deps.passwords.verify(current, user.passwordHash))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    await this.deps.attempts.clear(key);
  }
}
