import { type profileUpdateFieldsSchema, toAccountName } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import type { DeviceId } from '../../lib/device-id';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer/index';
import type { PasswordHasher } from '../../lib/password';
import type { FileStorage } from '../../lib/storage';
import { addressInUseMail, emailChangedMail, passwordChangedMail } from './account-mail';
import type { AttemptCheck, AttemptLimiter } from './attempt-limiter';
import { findUserByIdentity, linkIdentity } from './identities.repo';
import { readLinkTicket } from './identity-link';
import type { PasswordPolicy } from './password-policy';
import { avatarKey, isStoredKey, toAvatarWebp } from './profile-image';
import type { RequestClient } from './request-client';
import { SESSION_POLICY } from './session-policy';
import type { AuthUser, SessionsService } from './sessions.service';
import {
  emailTakenByOther,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from './users.repo';

export type { AuthUser } from './sessions.service';

const knownDeviceKey = (email: string, deviceId: string) => `login:known-device:${email}:${deviceId}`;

/**
 * Said to whoever registers with an address that has an account: it does not say the account
 * exists (the owner is mailed instead), and it tells the owner what to do.
 */
export const EMAIL_UNAVAILABLE =
  'We could not create an account with this email. If you already have one, log in or reset your password.';
/** Said when a signed-in shopper tries to move their account to an address already in use. */
export const EMAIL_CHANGE_UNAVAILABLE = 'This email cannot be used for your account.';
export const BAD_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const CONFIRM_WITH_PROVIDER =
  'To set a password or change your email, first confirm it is you: sign in with Google again.';

/** An identity an identity provider has verified: who it is there (issuer, subject) and its email. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string | undefined;
  picture: string | undefined;
  /** When the person last signed in at the provider (its `auth_time`), if it said. */
  authenticatedAt: Date | null;
}

export type ProfileChanges = z.output<typeof profileUpdateFieldsSchema>;

export interface UsersServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'jwtSecret' | 'publicUrl'>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  mailer: Mailer;
  passwords: PasswordHasher;
  passwordPolicy: PasswordPolicy;
  attempts: AttemptLimiter;
  sessions: SessionsService;
}

/** Accounts: registration, sign-in, sessions, profile and password changes. */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /**
   * Creates the account and signs it in. Each registration is counted per device and, as a ceiling
   * against floods, per address; what bounds their cost is the hashing queue (PasswordHasher), not a
   * low count a whole carrier's NAT would share. The password is hashed whether or not the address
   * is taken, so both answers take as long; a taken address is told nothing more than that this
   * account could not be created, and its owner is mailed.
   */
  async register(
    body: { name: string; email: string; password: string; phoneNumber: string },
    client: RequestClient,
  ): Promise<{ user: UserRow; token: string }> {
    const { db, passwords, attempts, passwordPolicy } = this.deps;
    await attempts.count([
      { key: `register:device:${client.device.id}`, policy: (l) => l.registerPerDevice },
      { key: `register:ip:${client.ip}`, policy: (l) => l.registerPerAddress },
    ]);
    await passwordPolicy.assertAcceptable(body.password, 'password', [body.email, body.name]);
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
      if (isUniqueViolation(error)) return this.refuseTakenEmail(body.email);
      throw error;
    }
    await this.rememberDevice(body.email, client.device);
    return { user, token: await this.deps.sessions.start(user, this.deps.clock.now()) };
  }

  /**
   * Signs in with a password. Attempts are counted before the password is checked, following the
   * attacker rather than the address (OWASP's device cookies): a device that signed in to this
   * account before has a count of its own for it, and nothing else, so a stranger's failures never
   * keep the owner out; any other device is counted against the account, and against its address
   * only as a high ceiling against floods (a carrier's NAT puts thousands of shoppers on one). With
   * a link ticket, the account also gets linked to the identity provider's account the ticket names.
   */
  async login(
    body: { email: string; password: string; link?: string | undefined },
    client: RequestClient,
  ): Promise<{ user: UserRow; token: string }> {
    const { db, passwords, attempts, clock } = this.deps;
    const link = body.link ? await readLinkTicket(body.link, this.deps.config.jwtSecret) : undefined;
    const knownDevice =
      !client.device.isNew && (await attempts.isRemembered(knownDeviceKey(body.email, client.device.id)));
    const accountCheck: AttemptCheck = knownDevice
      ? { key: `login:email-device:${body.email}:${client.device.id}`, policy: (l) => l.loginPerKnownDevice }
      : { key: `login:email:${body.email}`, policy: (l) => l.loginPerAccount };
    const addressCheck: AttemptCheck | undefined = knownDevice
      ? undefined
      : { key: `login:ip:${client.ip}`, policy: (l) => l.loginPerAddress };
    await attempts.count(addressCheck ? [accountCheck, addressCheck] : [accountCheck]);
    const user = await findUserByEmail(db, body.email);
    // Unknown emails and accounts without a password cost the same hash, so timing tells nothing.
    const ok = await passwords.verify(body.password, user?.passwordHash ?? (await passwords.dummyHash()));
    if (!ok || !user?.passwordHash) throw unauthorized(BAD_CREDENTIALS);
    // A success is not a failure of its address, and ends the account's (or this device's) count.
    if (addressCheck) await attempts.undo(addressCheck);
    await attempts.clear(accountCheck.key);
    await this.rememberDevice(body.email, client.device);
    // A hash made at an older cost is replaced while the password is at hand.
    if (passwords.needsRehash(user.passwordHash)) {
      await updateUser(db, user.id, { passwordHash: await passwords.hash(body.password) });
    }
    if (link) {
      if (link.email !== user.email.toLowerCase()) {
        throw badRequest('This Google account is for another email. Log in to that account to link it.');
      }
      await linkIdentity(db, { userId: user.id, issuer: link.issuer, subject: link.subject });
    }
    return { user, token: await this.deps.sessions.start(user, clock.now()) };
  }

  /** Marks a device as one that signed in to the account (renewed on every sign-in). */
  private rememberDevice(email: string, device: DeviceId): Promise<void> {
    const { attempts } = this.deps;
    return attempts.remember(knownDeviceKey(email, device.id), attempts.limits.knownDeviceMs);
  }

  /** The user a session token belongs to now, and a renewed token when it is due; 401 otherwise. */
  authenticate(token: string | undefined): Promise<{ user: AuthUser; renewedToken?: string }> {
    return this.deps.sessions.authenticate(token);
  }

  /** A new session for the user (a sign-in with the identity provider). */
  startSession(user: UserRow, authenticatedAt: Date | null): Promise<string> {
    return this.deps.sessions.start(user, authenticatedAt);
  }

  /** Logs this session out on the server, or every session of the account. */
  async logout(actor: AuthUser, everywhere: boolean): Promise<void> {
    if (everywhere) await this.deps.sessions.endAll(actor.id);
    else await this.deps.sessions.end(actor.sessionId);
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
   * Applies a profile form. A new password or email needs proof first (the current password, or for
   * an account without one a fresh sign-in with the provider); a new password ends every session and
   * returns a fresh token; the account's address is mailed about either change (the old address
   * for a new email). A new picture is stored first and removed again if the update fails; the old
   * picture (and its resized copies) only once the update committed.
   */
  async updateProfile(
    actor: AuthUser,
    userId: string,
    fields: ProfileChanges,
    image: Buffer | undefined,
  ): Promise<{ user: UserRow; token?: string }> {
    this.assertCanEdit(actor.id, userId);
    const { db, storage, passwords, log } = this.deps;
    const current = await this.get(userId);
    const changes: Parameters<typeof updateUser>[2] = {};
    if (fields.name !== undefined) changes.name = fields.name;
    if (fields.phoneNumber !== undefined) changes.phoneNumber = fields.phoneNumber || null;
    const emailChanged = fields.email !== undefined && fields.email !== current.email.toLowerCase();
    const passwordChanged = fields.password !== undefined;
    if (emailChanged || passwordChanged) {
      // Proof first: whoever holds only a stolen token learns nothing, not even whether an email is taken.
      await this.assertProof(
        actor,
        current,
        fields.currentPassword,
        passwordChanged ? undefined : 'Enter your current password to change your email',
      );
    }
    if (emailChanged && fields.email) {
      if (await emailTakenByOther(db, fields.email, userId)) return this.refuseTakenEmail(fields.email, true);
      changes.email = fields.email;
    }
    if (fields.password !== undefined) {
      await this.deps.passwordPolicy.assertAcceptable(fields.password, 'password', [
        fields.email ?? current.email,
        current.name,
      ]);
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
        if (passwordChanged) await this.deps.sessions.endAll(userId, tx);
        return updateUser(tx, userId, changes);
      });
    } catch (error) {
      if (isUniqueViolation(error) && fields.email) return this.refuseTakenEmail(fields.email, true);
      throw error;
    }
    if (!updated) throw notFound('This account no longer exists');
    this.notifyChanges(current, updated, passwordChanged);
    return passwordChanged
      ? { user: updated, token: await this.deps.sessions.start(updated, this.deps.clock.now()) }
      : { user: updated };
  }

  async changePassword(
    actor: AuthUser,
    body: { currentPassword: string; newPassword: string },
  ): Promise<{ token: string }> {
    const user = await this.get(actor.id);
    if (!user.passwordHash) {
      throw badRequest('This account signs in with Google and has no password yet; set one in your profile', {
        currentPassword: 'This account has no password yet',
      });
    }
    await this.assertProof(actor, user, body.currentPassword);
    await this.deps.passwordPolicy.assertAcceptable(body.newPassword, 'newPassword', [user.email, user.name]);
    const passwordHash = await this.deps.passwords.hash(body.newPassword);
    const updated = await inTransaction(this.deps.db, async (tx) => {
      await this.deps.sessions.endAll(user.id, tx);
      return updateUser(tx, user.id, { passwordHash });
    });
    if (!updated) throw notFound('This account no longer exists');
    this.notifyChanges(user, updated, true);
    return { token: await this.deps.sessions.start(updated, this.deps.clock.now()) };
  }

  /**
   * The account an identity provider's account signs into: the one linked to it (issuer and
   * subject), else the one with its verified email when that account has no password (it was made
   * through the provider before identities were kept), else a new account. An account with a
   * password is never signed into by email alone: whoever registered it may not own the address,
   * so its owner must link it with the password (`IdentityLinkRequired`).
   */
  async findOrCreateFromIdentity(identity: VerifiedIdentity): Promise<UserRow> {
    const { db } = this.deps;
    const linked = await findUserByIdentity(db, identity.issuer, identity.subject);
    if (linked) return this.withPicture(linked, identity.picture);
    const existing = await findUserByEmail(db, identity.email);
    if (existing) {
      if (existing.passwordHash) throw new IdentityLinkRequired(identity);
      await linkIdentity(db, { userId: existing.id, issuer: identity.issuer, subject: identity.subject });
      return this.withPicture(existing, identity.picture);
    }
    const name = toAccountName(identity.name) ?? toAccountName(identity.email.split('@')[0]) ?? 'Shopper';
    try {
      return await inTransaction(db, async (tx) => {
        const user = await insertUser(tx, {
          name,
          email: identity.email,
          passwordHash: null,
          profileImage: identity.picture ?? null,
        });
        await linkIdentity(tx, { userId: user.id, issuer: identity.issuer, subject: identity.subject });
        return user;
      });
    } catch (error) {
      // Two sign-ins racing for one new account: the other one created it.
      if (!isUniqueViolation(error)) throw error;
      const raced = await findUserByIdentity(db, identity.issuer, identity.subject);
      if (raced) return raced;
      throw new IdentityLinkRequired(identity);
    }
  }

  private async withPicture(user: UserRow, picture: string | undefined): Promise<UserRow> {
    if (user.profileImage || !picture) return user;
    return (await updateUser(this.deps.db, user.id, { profileImage: picture })) ?? user;
  }

  /** The reply to an address in use, which mails its owner (at most a few times an hour). */
  private async refuseTakenEmail(email: string, signedIn = false): Promise<never> {
    const notify = await this.deps.attempts
      .count([{ key: `address-in-use:${email}`, policy: (l) => l.forgotPasswordPerAccount }])
      .then(() => true)
      .catch((error) => {
        if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return false;
        throw error;
      });
    if (notify) this.deps.mailer.sendInBackground(addressInUseMail(email, this.deps.config.publicUrl));
    const message = signedIn ? EMAIL_CHANGE_UNAVAILABLE : EMAIL_UNAVAILABLE;
    throw conflict(message, { email: message });
  }

  private notifyChanges(before: UserRow, after: UserRow, passwordChanged: boolean): void {
    const { mailer } = this.deps;
    if (before.email !== after.email) {
      mailer.sendInBackground(emailChangedMail(before.email, after.name, after.email));
    }
    if (passwordChanged) mailer.sendInBackground(passwordChangedMail(after.email, after.name, 'changed'));
  }

  /**
   * Proof that the person at the keyboard owns the account: its current password, or for an account
   * without one, a sign-in with the identity provider in the last few minutes (a stolen token alone
   * must never be enough to set a password or move the email).
   */
  private async assertProof(
    actor: AuthUser,
    user: UserRow,
    current: string | undefined,
    missingMessage = 'Enter your current password to set a new one',
  ): Promise<void> {
    if (!user.passwordHash) {
      const provedAt = actor.authenticatedAt?.getTime();
      const fresh =
        provedAt !== undefined && this.deps.clock.now().getTime() - provedAt <= SESSION_POLICY.freshProofMs;
      // 400, not 401 or 403: the web client ends the session on those.
      if (!fresh) throw badRequest(CONFIRM_WITH_PROVIDER, { currentPassword: CONFIRM_WITH_PROVIDER });
      return;
    }
    if (!current) {
      throw badRequest(missingMessage, { currentPassword: 'Current password is required' });
    }
    const check: AttemptCheck = {
      key: `password-change:user:${user.id}`,
      policy: (l) => l.passwordChangePerUser,
    };
    await this.deps.attempts.count([check]);
    // 400, not 401: the web client treats every 401 as an expired session and signs out.
    if (!(await this.deps.passwords.verify(current, user.passwordHash))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    await this.deps.attempts.clear(check.key);
  }
}

/** The provider's verified email belongs to an account with a password: its owner must link it. */
export class IdentityLinkRequired extends Error {
  constructor(readonly identity: VerifiedIdentity) {
    super('An account with this email exists and has a password');
  }
}
